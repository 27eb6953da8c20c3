import Foundation
import RoutePlannerApplication
import RoutePlannerPictures

extension Desk {
    /// `/login`: the login form, which goes on to `next` (a screen of the desk) once the user is in; after a login that
    /// failed, the same with why.
    func loginForm(_ form: FormData, next: String, problems: FormProblems = FormProblems()) async -> DeskResponse {
        typealias Field = LogInForm.Field
        let model = LoginViewModel(
            values: FormData([(Field.username.name, form[Field.username]), ("next", Self.safeNext(next))]), problems: problems,
            hasNoAccounts: !(await hasAccounts()))
        return .page(LoginView(model: model).page(), status: problems.status)
    }

    /// `POST /login`: checks the user name and password, ends the session the browser had, if any, and starts a
    /// new one under a new id (so that an id planted before the login is worth nothing after it).
    func logIn(_ form: FormData, request: Request) async -> DeskResponse {
        typealias Field = LogInForm.Field
        let next = form["next"]
        let (state, result) = await composition().logIn.respond(
            LogInForm(username: form[Field.username], password: form[Field.password], address: request.address))
        switch (logged(state.named), result) {
        case (_, .success(let response)):
            if let old = request.sessionId { try? await authentication.logOut(old) }
            let cookie = "\(DeskSession.cookieName)=\(response.sessionId); Path=/; HttpOnly; SameSite=Lax" + (secureCookies ? "; Secure" : "")
            return DeskResponse(
                status: 303, contentType: nil, headers: [("Location", Self.safeNext(next)), ("Set-Cookie", cookie), ("Cache-Control", "no-store")], body: "")
        case (.validationFailure(let fields), _): return await loginForm(form, next: next, problems: FormProblems(errors: fields))
        case (.failure(let failure), _):
            let page = await loginForm(form, next: next, problems: FormProblems(failure: failure))
            guard case .throttled(let seconds) = failure.kind else { return page }
            return DeskResponse(status: page.status, contentType: page.contentType, headers: page.headers + [("Retry-After", String(seconds))], body: page.body)
        case (.idle, _), (.loading, _), (.success, _): return await loginForm(form, next: next)
        }
    }

    /// `POST /logout`: ends the session and forgets its cookie.
    func logOut() async -> DeskResponse {
        if let id = session.id { try? await authentication.logOut(id) }
        let cookie = "\(DeskSession.cookieName)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" + (secureCookies ? "; Secure" : "")
        return DeskResponse(status: 303, contentType: nil, headers: [("Location", DeskRoute.login(FormData()).url), ("Set-Cookie", cookie)], body: "")
    }

    /// `303 See Other` to the login form, which then goes on to the screen asked for (a change's own screen).
    static func toLogin(_ request: Request) -> DeskResponse {
        let next: String
        if request.method == "POST" {
            next = DeskAction(path: request.path)?.screen.url ?? DeskRoute.home.url
        } else {
            next = request.query.isEmpty ? String(request.path) : "\(request.path)?\(request.query)"
        }
        return DeskResponse(
            status: 303, contentType: nil, headers: [("Location", DeskRoute.login(FormData([("next", safeNext(next))])).url), ("Cache-Control", "no-store")],
            body: "")
    }

    /// A screen of the desk to go on to after the login: `next` when it names one (a path of this desk, never
    /// another site's), else the home screen.
    static func safeNext(_ next: String) -> String {
        let parts = next.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), next.utf8.count <= 2048,
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f }),
            let path = parts.first, let route = DeskRoute(path: path, query: FormData(encoded: parts.count > 1 ? parts[1] : "") ?? FormData()),
            !route.isPublic
        else { return DeskRoute.home.url }
        return next
    }
}
