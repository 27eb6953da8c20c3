import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct RegisterCustomerTests {
    @Test func theRequestNeedsAnIdAndAName() throws {
        #expect(
            RegisterCustomerRequest.create(RegisterCustomerForm(id: " ", name: ""))
                == .failure(
                    ValidationError(fields: [
                        .id: "Enter the customer's id, such as ACME.", .name: "Enter the customer's name.",
                    ])))
        #expect(
            RegisterCustomerRequest.create(RegisterCustomerForm(id: "ACME", name: "  "))
                == .failure(
                    ValidationError(fields: [
                        .name: "Enter the customer's name."
                    ])))
        #expect(
            try RegisterCustomerRequest.create(RegisterCustomerForm(id: " ACME ", name: " Acme Shipping ")).get().customer
                == Customer(id: "ACME", name: "Acme Shipping"))
    }

    @Test func thePresenterWritesTheCustomer() {
        let response = RegisterCustomerResponse(customer: Customer(id: "ACME", name: "Acme Shipping")!)
        #expect(RegisterCustomerPresenter().present(.success(response)) == .success(Described(response, "Customer ACME: Acme Shipping.")))
        #expect(RegisterCustomerPresenter().present(.failure(.validation(ValidationError(fields: [.id: "x"])))) == .validationFailure([.id: "x"]))
    }

    @Test func theInteractorSavesAndRenamesOnlyWhenAsked() async throws {
        let customers = InMemoryCustomerRepository()
        let interactor = RegisterCustomerInteractor(customers: customers)
        let acme = try RegisterCustomerRequest.create(RegisterCustomerForm(id: "ACME", name: "Acme Shipping")).get()
        #expect(try await interactor.execute(acme).get().customer == Customer(id: "ACME", name: "Acme Shipping"))
        let globex = try RegisterCustomerRequest.create(RegisterCustomerForm(id: "GLOBEX", name: "Globex")).get()
        _ = await interactor.execute(globex)
        // Another name under a registered id is refused unless the rename is asked for; the same name is fine.
        let renamed = try RegisterCustomerRequest.create(RegisterCustomerForm(id: "ACME", name: "Acme Lines")).get()
        #expect(await interactor.execute(renamed) == .failure(.customer(.registered(Customer(id: "ACME", name: "Acme Shipping")!, newName: "Acme Lines"))))
        #expect(
            RegisterCustomerPresenter().present(.failure(.domain(.customer(.registered(Customer(id: "ACME", name: "Acme Shipping")!, newName: "Acme Lines")))))
                == .failure(ViewFailure(.conflict, "Customer ACME is registered as Acme Shipping; to call it Acme Lines, ask for the rename.")))
        #expect(try await interactor.execute(acme).get().customer.name == "Acme Shipping")
        #expect(try await customers.allCustomers() == [Customer(id: "ACME", name: "Acme Shipping")!, Customer(id: "GLOBEX", name: "Globex")!])
        let asked = try RegisterCustomerRequest.create(RegisterCustomerForm(id: "ACME", name: "Acme Lines", renames: true)).get()
        _ = await interactor.execute(asked)
        #expect(try await customers.allCustomers() == [Customer(id: "ACME", name: "Acme Lines")!, Customer(id: "GLOBEX", name: "Globex")!])
    }

    @Test(arguments: [("", "Name"), ("ID", " "), ("  ", "\t")])
    func aCustomerNeedsAnIdAndAName(_ id: String, _ name: String) {
        #expect(Customer(id: id, name: name) == nil)
    }
}
