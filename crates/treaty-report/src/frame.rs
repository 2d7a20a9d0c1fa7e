//! The frame every page shares: doctype, head with the inline CSS, body, closing script.

use crate::escape;
use crate::style;

/// Starts a page: doctype, head with the inline CSS (and `extra_css`), body.
pub(crate) fn page_start(out: &mut String, title: &str, extra_css: &str) {
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"generator\" content=\"treaty report\"><title>");
    out.push_str(&escape::attr(title));
    out.push_str("</title><style>");
    out.push_str(style::CSS);
    out.push_str(extra_css);
    out.push_str("</style></head><body>");
}

/// Ends a page, with `script` inline when given.
pub(crate) fn page_end(out: &mut String, script: Option<&str>) {
    if let Some(script) = script {
        out.push_str("<script>");
        out.push_str(script);
        out.push_str("</script>");
    }
    out.push_str("</body></html>\n");
}
