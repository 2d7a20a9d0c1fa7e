//! `most_favoured_nation`: a rate that applies only if a State agrees a lower rate with a
//! third State ("if ... agrees in a convention with a third State to a lower rate, ... but it
//! shall not be reduced below 5 per cent") carries `trigger=most_favoured_nation`.

use treaty_lang::Lang;
use treaty_schema::{Kind, Trigger};

use super::support::context::ParagraphCtx;
use super::support::finding::Finding;
use super::support::text::lower;
use super::support::words::{contains_any, words};

/// The rule's name.
pub(crate) const NAME: &str = "most_favoured_nation";

/// Takes the rates the rules before have given whose clause is a most-favoured-nation
/// clause, and gives them back with its trigger.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let mut taken = ctx.take(|finding| {
        finding.kind == Kind::Rate
            && is_most_favoured_nation(&ctx.text[finding.clause.clone()], ctx.lang)
    });
    for finding in &mut taken {
        finding.rule = NAME;
        finding.conditions.trigger = Some(Trigger::MostFavouredNation);
    }
    taken
}

/// A most-favoured-nation clause: a rate that applies only if a State agrees a lower one with
/// a third State ("if ... agrees in a convention with a third State to a lower rate").
fn is_most_favoured_nation(clause: &str, lang: Lang) -> bool {
    let lowered = lower(clause);
    let list = words(lang).list;
    contains_any(&lowered, list.third_state) && contains_any(&lowered, list.lower_rate)
}
