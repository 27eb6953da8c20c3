/// A page that says why a screen cannot be shown or a request was refused, with the status it is answered with and a
/// way on.
struct FailureViewModel {
    let title: String
    let message: String
    let status: Int
    /// Where the user may go on to, and the link's words.
    var wayOn: (text: String, route: DeskRoute) = ("Start again", .home)
    /// The page's navigation item, if the failure belongs to one.
    var section: DeskPage.Section?
}
