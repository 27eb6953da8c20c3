import RoutePlannerApplication
import RoutePlannerPictures

/// The login form.
struct LoginView {
    let model: LoginViewModel

    func page() -> DeskPage {
        typealias Field = LogInForm.Field
        var content: [Markup] = []
        if model.hasNoAccounts {
            content.append(
                DeskViews.empty(
                    "This desk has no accounts yet: add one with `route-planner user add NAME --role planner --store FILE`. Until then it serves on a loopback address, without a login."
                ))
        }
        if let failure = model.problems.failure { content.append(DeskViews.failure(failure.message)) }
        var username = DeskForm.Field(Field.username.name, "User name", required: true)
        username.autocomplete = "username"
        content.append(
            DeskForm(
                id: "login", target: .change(.logIn),
                fields: [username, .init(Field.password.name, "Password", kind: .password, required: true), .init("next", "Then show", kind: .hidden)],
                values: model.values, errors: model.problems.errors, submit: "Log in"
            ).markup())
        return DeskPage(title: "Log in", section: nil, content)
    }
}
