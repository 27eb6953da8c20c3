/// The desk's stylesheet, served from the binary at `/desk.css`: light and dark (`prefers-color-scheme`), and
/// print on A4 without the navigation and the forms.
///
/// Colours meet WCAG 2.1 AA contrast (4.5:1 for text) in both schemes; focus is always visible.
enum Stylesheet {
    static let text = """
        :root { --ink: #1a1a1a; --muted: #4d4d4d; --paper: #ffffff; --line: #c7c7c7; --accent: #0b5394; --accent-ink: #ffffff;
                --error: #b00020; --error-paper: #fdecee; --ok: #1e6b30; --ok-paper: #e9f5ec; --panel: #f3f5f7; --focus: #ffbf47; }
        @media (prefers-color-scheme: dark) {
            :root { --ink: #ececec; --muted: #c4c4c4; --paper: #151719; --line: #4a4f55; --accent: #8cc4ff; --accent-ink: #0b1a2a;
                    --error: #ff8a9a; --error-paper: #3a1a1f; --ok: #8fd19e; --ok-paper: #173020; --panel: #20242a; --focus: #ffbf47; }
        }
        * { box-sizing: border-box; }
        html { color-scheme: light dark; }
        body { font-family: DejaVu Sans, Liberation Sans, Arial, sans-serif; color: var(--ink); background: var(--paper); margin: 0; line-height: 1.45; }
        a { color: var(--accent); }
        a:focus, button:focus, input:focus, select:focus, summary:focus { outline: 3px solid var(--focus); outline-offset: 2px; }
        main:focus { outline: none; }
        .skip { position: absolute; left: -9999px; top: 0; background: var(--paper); padding: 8px; }
        .skip:focus { left: 8px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header { border-bottom: 1px solid var(--line); background: var(--panel); }
        nav[aria-label="Desk"] { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 24px; max-width: 1100px; margin: 0 auto; padding: 10px 16px; }
        nav[aria-label="Desk"] ul { display: flex; flex-wrap: wrap; gap: 4px 18px; list-style: none; margin: 0; padding: 0; }
        nav a[aria-current="page"] { font-weight: bold; text-decoration-thickness: 3px; }
        .brand { font-weight: bold; color: var(--ink); text-decoration: none; }
        main { max-width: 1100px; margin: 0 auto; padding: 8px 16px 32px; }
        footer { max-width: 1100px; margin: 0 auto; padding: 8px 16px 24px; color: var(--muted); font-size: 14px; }
        h1 { font-size: 26px; margin: 16px 0 8px; }
        h2 { font-size: 19px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 3px; }
        form { margin: 12px 0; }
        .fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(20em, 1fr)); gap: 0 24px; }
        .field { margin: 8px 0; max-width: 40em; }
        details { margin: 12px 0; }
        summary { cursor: pointer; font-weight: bold; color: var(--accent); }
        .field label { display: block; font-weight: bold; }
        .field.checkbox { display: flex; gap: 8px; align-items: center; }
        .field.checkbox label { display: inline; font-weight: normal; }
        .hint { color: var(--muted); font-size: 14px; margin: 2px 0 4px; }
        input[type="text"], input[type="password"], select { font: inherit; color: var(--ink); background: var(--paper); border: 2px solid var(--ink); padding: 4px 6px; width: 100%; }
        .has-error { border-left: 4px solid var(--error); padding-left: 10px; }
        .has-error input, .has-error select { border-color: var(--error); }
        .field-error { color: var(--error); font-weight: bold; margin: 2px 0 4px; }
        .field-error .message { white-space: pre-line; }
        button { font: inherit; font-weight: bold; color: var(--accent-ink); background: var(--accent); border: 2px solid transparent; padding: 6px 14px; cursor: pointer; }
        button.quiet { font-weight: normal; color: var(--accent); background: transparent; border-color: var(--accent); padding: 2px 8px; margin-top: 4px; }
        form.inline { display: inline; margin: 0; }
        fieldset { border: 1px solid var(--line); margin: 8px 0 14px; padding: 6px 14px 10px; }
        legend { font-weight: bold; padding: 0 4px; }
        .error-summary { border: 3px solid var(--error); padding: 4px 14px; margin: 12px 0; }
        .error-summary h2 { border: 0; margin: 6px 0; color: var(--error); }
        .notice { padding: 6px 14px; margin: 12px 0; border-left: 5px solid var(--line); background: var(--panel); }
        .notice.failure { border-color: var(--error); background: var(--error-paper); }
        .notice.success { border-color: var(--ok); background: var(--ok-paper); }
        .table-wrap { overflow-x: auto; }
        table.actions-last td:last-child, table.actions-last th:last-child {
            position: sticky; right: 0; background: var(--paper); padding-left: 8px; box-shadow: -6px 0 6px -6px var(--line); }
        table { border-collapse: collapse; font-size: 14px; margin: 6px 0; }
        caption { text-align: left; color: var(--muted); padding: 4px 0; }
        th, td { text-align: left; padding: 4px 12px 4px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { border-bottom: 2px solid var(--muted); }
        td.number, th.number { text-align: right; }
        dl.facts { display: grid; grid-template-columns: max-content auto; gap: 3px 18px; margin: 8px 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; }
        figure { margin: 10px 0; }
        figure svg { max-width: 100%; height: auto; }
        figcaption { color: var(--muted); font-size: 14px; }
        nav.pages { display: flex; gap: 18px; margin: 10px 0; flex-wrap: wrap; }
        nav.pages a[aria-current="page"] { font-weight: bold; text-decoration-thickness: 3px; }
        fieldset.choices { border: 0; margin: 0; padding: 0; min-width: 16em; }
        .choice { display: flex; gap: 6px; align-items: flex-start; margin: 4px 0; }
        .choice input { margin-top: 3px; }
        @media print {
            @page { size: A4; margin: 12mm; }
            :root { --ink: #000000; --muted: #333333; --paper: #ffffff; --line: #999999; --accent: #000000; --panel: #ffffff; }
            header, footer, form, .skip, nav.pages { display: none; }
            main { max-width: none; padding: 0; }
            section, figure, tr { break-inside: avoid; }
            a { text-decoration: none; }
        }
        """
}
