/// What the login form shows: the user name given, where the desk goes on to, and why the last login failed.
struct LoginViewModel {
    /// The form's input: the user name (never the password) and the screen to go on to.
    let values: FormData
    let problems: FormProblems
    /// Whether the desk has no account yet, and says how to add one.
    let hasNoAccounts: Bool
}
