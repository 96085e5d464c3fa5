//! XML text: escaping for the SVG pictures, the HTML reports and Polygon's `problem.xml`.

/// Escapes `&`, `<`, `>` and `"` for XML text and attributes.
pub fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
