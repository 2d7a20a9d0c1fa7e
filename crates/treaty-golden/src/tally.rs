//! Field-by-field agreement counts, shared by the identity and headline comparisons.

use std::fmt::Write;

/// The share of compared fields that agree over `fields` ((agreeing, compared) per field); 1
/// when nothing was compared.
pub(crate) fn agreement(fields: &[(usize, usize)]) -> f64 {
    let (agree, total) = fields
        .iter()
        .fold((0, 0), |(a, t), (fa, ft)| (a + fa, t + ft));
    if total == 0 {
        1.0
    } else {
        agree as f64 / total as f64
    }
}

/// `name 59/61, other 60/61, ...`: each field's name (from `names`, in order) and counts.
pub(crate) fn summary(fields: &[(usize, usize)], names: &[&str]) -> String {
    let mut out = String::new();
    for (index, ((agree, total), name)) in fields.iter().zip(names).enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{name} {agree}/{total}");
    }
    out
}
