/// Writes a registered customer: "Customer ACME: Acme Shipping."
public struct RegisterCustomerPresenter: Presenter {
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: RegisterCustomerResponse) -> Described<RegisterCustomerResponse> {
        Described(response, "Customer \(response.customer.id): \(response.customer.name).")
    }
}

public typealias RegisterCustomerCoordinator = Coordinator<RegisterCustomerInteractor, RegisterCustomerPresenter>
public typealias RegisterCustomerViewModel = UseCaseViewModel<RegisterCustomerForm, Described<RegisterCustomerResponse>>
