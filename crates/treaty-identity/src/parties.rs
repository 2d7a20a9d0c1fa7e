//! The two contracting states: the names a preamble (or, failing one, a signature block)
//! gives, in the order it gives them.

use std::ops::Range;

use crate::states::{find_states, NameMatch, State};

/// The widest gap between two names of one title or preamble.
const RUN_GAP: usize = 600;

/// A contracting state as the text names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// The state.
    pub state: State,
    /// The name as printed.
    pub printed: String,
    /// Where it is printed (in the text given to [`parties_before`] or [`parties_from`]).
    pub range: Range<usize>,
}

/// The parties a preamble ending at `anchor` names: walking back from the anchor, the last
/// two states named (a covering letter further back may name other states), in the order of
/// their last mentions, which are the preamble's ("The Government of X and the Government of
/// Y, desiring ..."), where a publisher's heading or a running header before it may put them
/// the other way round.
pub fn parties_before(
    text: &str,
    region: Range<usize>,
    anchor: usize,
    on_behalf_of: &[&str],
) -> Vec<Party> {
    let matches = names_in(text, region.start..anchor.min(region.end), on_behalf_of);
    let mut chosen: Vec<State> = Vec::new();
    let mut run_start = matches.len();
    for (index, m) in matches.iter().enumerate().rev() {
        let far = matches
            .get(index + 1)
            .is_some_and(|next| next.range.start.saturating_sub(m.range.end) > RUN_GAP);
        if chosen.len() == 2 && (far || !chosen.contains(&m.state)) {
            break;
        }
        if !chosen.contains(&m.state) {
            chosen.push(m.state);
        }
        run_start = index;
    }
    let run = &matches[run_start..];
    let mut parties = first_mentions(text, run);
    let last_mention = |party: &Party| run.iter().rposition(|m| m.state == party.state);
    parties.sort_by_key(last_mention);
    parties
}

/// The first two states named in `region`, in order (a title, or a signature block).
pub fn parties_from(text: &str, region: Range<usize>, on_behalf_of: &[&str]) -> Vec<Party> {
    first_mentions(text, &names_in(text, region, on_behalf_of))
}

fn first_mentions(text: &str, matches: &[NameMatch]) -> Vec<Party> {
    let mut parties: Vec<Party> = Vec::new();
    for m in matches {
        if parties.len() < 2 && !parties.iter().any(|p| p.state == m.state) {
            parties.push(Party {
                state: m.state,
                printed: text[m.range.clone()].to_string(),
                range: m.range.clone(),
            });
        }
    }
    parties
}

/// The state names in `region`, where a state that acts for a territory (a kingdom "in respect
/// of" its overseas territory, in the profile's words) gives way to the territory.
fn names_in(text: &str, region: Range<usize>, on_behalf_of: &[&str]) -> Vec<NameMatch> {
    let Some(slice) = text.get(region.clone()) else {
        return Vec::new();
    };
    let mut matches: Vec<NameMatch> = find_states(slice)
        .into_iter()
        .map(|m| NameMatch {
            range: m.range.start + region.start..m.range.end + region.start,
            state: m.state,
        })
        .collect();
    let mut index = 0;
    while index + 1 < matches.len() {
        let between = &text[matches[index].range.end..matches[index + 1].range.start];
        let between = between.trim().to_lowercase();
        let hands_over = on_behalf_of.iter().any(|phrase| {
            between
                .strip_prefix(phrase)
                .is_some_and(|rest| rest.split_whitespace().count() <= 1)
        });
        if hands_over {
            matches.remove(index);
        } else {
            index += 1;
        }
    }
    matches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(parties: &[Party]) -> Vec<&str> {
        parties.iter().map(|p| p.state.alpha3).collect()
    }

    #[test]
    fn the_preamble_names_the_parties_after_a_letter_naming_others() {
        let text = "Like our treaties with France and Germany, the Convention follows the model.\n\
                    CONVENTION BETWEEN THE UNITED STATES OF AMERICA AND JAPAN\n\
                    The Government of the United States of America and the Government of Japan, \
                    desiring to conclude a Convention, have agreed as follows:";
        let anchor = text.find("have agreed").unwrap();
        assert_eq!(
            codes(&parties_before(text, 0..text.len(), anchor, &[])),
            ["USA", "JPN"]
        );
    }

    #[test]
    fn a_state_acting_for_a_territory_gives_way_to_it() {
        let text =
            "The Government of the Kingdom of the Netherlands in respect of the Netherlands \
                    Antilles and the Government of Norway, have agreed as follows:";
        let anchor = text.find("have agreed").unwrap();
        assert_eq!(
            codes(&parties_before(
                text,
                0..text.len(),
                anchor,
                &["in respect of"]
            )),
            ["ANT", "NOR"]
        );
    }

    #[test]
    fn a_signature_block_names_them_in_order() {
        let text =
            "For the Government of Canada: (signed)\nFor the Government of Iceland: (signed)";
        assert_eq!(
            codes(&parties_from(text, 0..text.len(), &[])),
            ["CAN", "ISL"]
        );
    }
}
