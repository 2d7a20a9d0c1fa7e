//! What the rules share: the paragraph as they read it ([`context::ParagraphCtx`]), its
//! clauses ([`text`]) and numbers ([`reading`]) read once, the findings they give
//! ([`finding`]), the words of each language ([`words`]), and the readers of a clause that
//! several rules ask (beneficiaries, holdings, income classes, what a threshold measures).

pub(crate) mod conditions;
pub(crate) mod context;
pub(crate) mod facts;
pub(crate) mod finding;
pub(crate) mod holding;
pub(crate) mod income;
pub(crate) mod measure;
pub(crate) mod owner;
pub(crate) mod place;
pub(crate) mod reading;
pub(crate) mod reference;
pub(crate) mod text;
pub(crate) mod words;
