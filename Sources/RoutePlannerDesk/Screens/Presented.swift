/// What a presenter draws: its screen's view model, or the page that says why the screen cannot be shown.
enum Presented<Model> {
    case screen(Model)
    case failure(FailureViewModel)
}
