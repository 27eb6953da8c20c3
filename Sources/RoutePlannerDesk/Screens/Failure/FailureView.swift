/// Why a screen cannot be shown, and a way on.
struct FailureView {
    let model: FailureViewModel

    func page() -> DeskPage {
        DeskPage(title: model.title, section: model.section, [DeskViews.failure(model.message), DeskViews.link(model.wayOn.text, to: model.wayOn.route)])
    }
}
