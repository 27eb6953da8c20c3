import Foundation

/// One row of a bookings file: the booking, the customer who made it when the file says, and where the row
/// is in its file, so that what is found wrong with it later (an unknown customer, a booking already made)
/// can be located too.
public struct BookingRow: Hashable, Sendable {
    public let booking: Booking
    /// The `customer` column, when the file has one and it is not empty.
    public let customerId: CustomerId?
    /// Where the row's fields are, by column name (`booking`, `origin`, `destination`, `ready`, `deadline`,
    /// `teu`, `customer`).
    public let positions: RowPositions

    public init(booking: Booking, customerId: CustomerId?, positions: RowPositions) {
        self.booking = booking
        self.customerId = customerId
        self.positions = positions
    }
}
