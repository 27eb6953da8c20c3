import ArgumentParser
import RoutePlannerApplication

/// `route-planner token create|list|revoke`: the tokens programs call the API with.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Keep the tokens programs call the API with, each acting as a user.",
        discussion: "A token is shown once, when it is made: the store keeps only its SHA-256. A program sends it as `Authorization: Bearer TOKEN`.",
        subcommands: [Create.self, List.self, Revoke.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a token that acts as a user, and show it this once.")

        @Argument(help: "The user the token acts as.") var user: String
        @Option(help: "What the token is for, such as the program that holds it.") var label = ""
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await SentenceRendering<CreateTokenInteractor, CreateTokenPresenter>()
                .run(try await store.accounts().createToken, CreateTokenForm(user: user, label: label), as: .table)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the tokens by id, never their secrets.")

        @Option(name: .customLong("of"), help: "Only this user's tokens.") var owner = ""
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await ListRendering<ListTokensInteractor, ListTokensPresenter>().run(
                try await store.accounts().listTokens, ListTokensForm(user: owner), as: .table)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: the next request that sends it is refused.")

        @Argument(help: "The token's id, as `token list` shows it.") var id: String
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await SentenceRendering<RevokeTokenInteractor, RevokeTokenPresenter>()
                .run(try await store.accounts().revokeToken, RevokeTokenForm(id: id), as: .table)
        }
    }
}

/// A use case whose content is a list of items described in words, a line each, such as the users.
struct ListRendering<Interactor: UseCase, Presenter: RoutePlannerApplication.Presenter>: Rendering
where
    Interactor.Request: FormRequest, Interactor.Request.Field: CommandLineField, Presenter.Response == Interactor.Response,
    Presenter.Field == Interactor.Request.Field, Presenter.Content: Sequence, Presenter.Content.Element: DescribedLines
{
    static var formats: [OutputFormat] { [.table] }
    static var subject: String { "the list" }

    func text(_ response: Interactor.Response, as format: OutputFormat, presenter: Presenter) async throws -> String {
        lines(presenter.content(for: response).flatMap(\.lines))
    }
}

/// Something described in lines of text.
protocol DescribedLines {
    var lines: [String] { get }
}

extension Described: DescribedLines {}
