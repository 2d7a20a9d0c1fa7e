//! The profiles built into the crate: the core ones, then the others installed by default.

use crate::profile::Profile;
use crate::{en, es, ja, pt};

/// The core profiles, in the order of their [`Lang`](crate::Lang) values: they take part in
/// reading every document, all at once (the languages of bilingual prints are told apart among
/// them).
pub(crate) const CORE: [Profile; 3] = [pt::PROFILE, en::PROFILE, ja::PROFILE];

/// The built-in profiles, in the order of their [`Lang`](crate::Lang) values: the core ones,
/// then those installed by default that take part only in documents whose words show them
/// (Spanish), as a profile added with [`install`](crate::install) does, so that they change
/// nothing in the reading of the core languages' documents.
pub(crate) const BUILTIN: [Profile; 4] = [pt::PROFILE, en::PROFILE, ja::PROFILE, es::PROFILE];
