import ArgumentParser
import Foundation
import RoutePlannerApplication

/// `route-planner user add|list|remove|password`: the accounts of the desk and the API.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Keep the store's users: planners, and customers' users who see only their own cargo.",
        discussion: """
            A password is read from standard input, never from a flag or the environment: typed at a terminal \
            (not shown), or piped (its first line). It is kept as a bcrypt hash. Once a store has a user, `serve` \
            serves the cargo screens on any address, to users who log in.
            """,
        subcommands: [Add.self, List.self, Remove.self, Password.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a user, reading its password from standard input.")

        @Argument(help: "The user name: letters, digits, '.', '_', '-' or '@', such as alice.") var name: String
        @Option(help: "planner (all cargo) or customer (one customer's cargo, with --customer).") var role: String
        @Option(help: "The registered customer a customer user books for, such as ACME.") var customer = ""
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let app = try await store.accounts(creating: true)
            let password = try readPassword(prompt: "Password for \(name): ")
            try await SentenceRendering<AddUserInteractor, AddUserPresenter>()
                .run(app.addUser, AddUserForm(name: name, role: role, customer: customer, password: password), as: .table)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the users and their roles.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await ListRendering<ListUsersInteractor, ListUsersPresenter>().run(try await store.accounts().listUsers, ListUsersForm(), as: .table)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a user, revoking its tokens and ending its sessions.")

        @Argument(help: "The user name.") var name: String
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await SentenceRendering<RemoveUserInteractor, RemoveUserPresenter>()
                .run(try await store.accounts().removeUser, RemoveUserForm(name: name), as: .table)
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a user's password, reading it from standard input; the user's sessions end.")

        @Argument(help: "The user name.") var name: String
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let app = try await store.accounts()
            let password = try readPassword(prompt: "New password for \(name): ")
            try await SentenceRendering<ChangePasswordInteractor, ChangePasswordPresenter>()
                .run(app.changePassword, ChangePasswordForm(name: name, password: password), as: .table)
        }
    }
}

/// A password from standard input: typed at a terminal after a prompt on standard error, without echo, or the
/// first line of what is piped in (without its line break).
func readPassword(prompt: String) throws -> String {
    let terminal = isatty(STDIN_FILENO) == 1
    var saved = termios()
    if terminal {
        printError(prompt, terminator: "")
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    }
    defer {
        if terminal {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            printError("")
        }
    }
    guard let line = readLine(strippingNewline: true) else {
        printError("error: no password on standard input: type it at the prompt, or pipe it in (printf '%s\\n' \"$PASSWORD\" | route-planner user …)")
        throw ExitCode(64)
    }
    return line.hasSuffix("\r") ? String(line.dropLast()) : line
}
