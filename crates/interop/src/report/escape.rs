//! Escaping user-typed names (scenario, shares, jobs, types, plans) for the two outputs.
//! docs/FORMAT.md, "Conventions": names are shown as text, never read as markup.

/// Text for HTML and SVG content and attribute values: `& < > " '` become entities.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Text for Markdown, in paragraphs, list items and table cells alike. Every ASCII character
/// that could start markup (emphasis, code, links, raw HTML, table cells, entities) gets a
/// backslash, which CommonMark and GitHub tables both honour, and line breaks become spaces so a
/// name cannot end a table row or start a heading.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '&' | '#' | '!' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn html_escapes_the_five_characters() {
        assert_eq!(
            super::html(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn markdown_escapes_cells_code_and_tags() {
        assert_eq!(super::markdown("a|b `c` <i>"), r"a\|b \`c\` \<i\>");
        assert_eq!(super::markdown("two\nlines"), "two lines");
    }
}
