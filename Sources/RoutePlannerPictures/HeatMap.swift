import Foundation

/// A grid of coloured cells, rows by columns of weeks, with row labels, week labels and a legend: the shape
/// of the capacity heat map and of its what-if difference.
struct HeatMap {
    /// What one cell shows.
    struct Cell {
        var fill: String
        var text: String?
        var textIsLight: Bool
        var tooltip: String
        /// Whether to mark the cell (a full leg, a voyage gone).
        var isMarked: Bool
    }

    var title: String
    var subtitle: String
    var rows: [String]
    var columns: [Date]
    var columnDays: Int
    /// The cell at a row and column, or `nil` for no sailing there.
    var cell: (Int, Int) -> Cell?
    var legend: Legend
    var note: String?

    static let width = 960.0
    static let labelWidth = 140.0
    static let rowHeight = 16.0

    /// The picture: at most 960 by about 100 + 16 per row pixels, one `rect` per cell with a sailing.
    func picture() -> Picture {
        let top = 66.0
        let cellWidth = min(44, (Self.width - Self.labelWidth - 20) / Double(max(columns.count, 1)))
        var content: [Markup] = [
            Markup("text", [("class", "title"), ("x", "12"), ("y", "22")], text: title),
            Markup("text", [("class", "subtitle"), ("x", "12"), ("y", "38")], text: subtitle),
        ]
        // Week labels, thinned so that they do not touch.
        let every = max(1, Int((64 / cellWidth).rounded(.up)))
        for (index, start) in columns.enumerated() where index % every == 0 {
            content.append(
                Markup(
                    "text", [("class", "tick"), ("x", (Self.labelWidth + Double(index) * cellWidth + 1).svg), ("y", (top - 6).svg)],
                    text: TimeAxis.label(start, first: index == 0)))
        }
        var grid = Markup("g", [("class", "cells")])
        for (row, name) in rows.enumerated() {
            let y = top + Double(row) * Self.rowHeight
            content.append(Markup("text", [("class", "small"), ("x", (Self.labelWidth - 6).svg), ("y", (y + 12).svg), ("text-anchor", "end")], text: name))
            for column in columns.indices {
                guard let cell = cell(row, column) else { continue }
                let x = Self.labelWidth + Double(column) * cellWidth
                var rect = Markup(
                    "rect",
                    [
                        ("x", x.svg), ("y", y.svg), ("width", (cellWidth - 1).svg), ("height", (Self.rowHeight - 1).svg), ("fill", cell.fill),
                    ])
                rect.append(Markup("title", text: cell.tooltip))
                grid.append(rect)
                if cell.isMarked {
                    grid.append(Markup("path", [("d", "M\((x + cellWidth - 8).svg) \(y.svg)h7v7z"), ("class", "ink-fill"), ("fill", Palette.ink)]))
                }
                if let text = cell.text, LabelBox.width(of: text, size: 9) + 4 <= cellWidth {
                    grid.append(
                        Markup(
                            "text",
                            [
                                ("x", (x + cellWidth / 2).svg), ("y", (y + 11.5).svg), ("text-anchor", "middle"), ("font-size", "9"),
                                ("fill", cell.textIsLight ? "#ffffff" : Palette.ink),
                            ],
                            text: text))
                }
            }
        }
        content.append(grid)
        var y = top + Double(rows.count) * Self.rowHeight + 20
        if let note {
            content.append(Markup("text", [("class", "note"), ("x", "12"), ("y", y.svg)], text: note))
            y += 16
        }
        let (legend, height) = legend.markup(y: y, width: Self.width)
        content += legend
        return Picture(width: Self.width, height: y + height, title: title, description: subtitle, content: content)
    }
}
