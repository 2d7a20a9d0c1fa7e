//! `--format parquet`: `rates.parquet`, `articles.parquet` and `treaties.parquet` beside the
//! CSV and JSONL datasets, for the tools that read datasets at scale (DuckDB, Polars, Spark).
//!
//! A Parquet file has the columns of its CSV file, in their order, and each column the type the
//! JSON Schema of the row gives its field (string: UTF-8; integer: Int64; number: Float64;
//! boolean: Boolean; array of strings: a list of UTF-8; nullable where the schema allows `null`
//! or does not require the field). The types are read off the schema when the run starts, so
//! the Parquet files change with the schema and never apart from it.
//!
//! Rows go in as the JSON lines of the JSONL datasets (arrow-json decodes them against that
//! Arrow schema) and are written in batches of [`BATCH_ROWS`] rows whatever the documents they
//! come from, so the bytes written depend only on the rows and their order: a run, a resumed
//! run and a merge of shards write the same files.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context};
use arrow_json::reader::Decoder;
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use serde_json::Value;
use treaty_schema::{
    ArticleRow, RateRow, TreatyRow, ARTICLE_COLUMNS, RATE_COLUMNS, SCHEMA_VERSION, TREATY_COLUMNS,
};

use crate::output::AtomicFile;

/// The Parquet datasets, in the order they are committed.
pub(crate) const PARQUET_FILES: [&str; 3] =
    ["rates.parquet", "articles.parquet", "treaties.parquet"];

/// Rows per batch handed to the Parquet writer.
const BATCH_ROWS: usize = 4096;

/// Rows per row group: bounds the memory a large run holds before it writes.
const ROW_GROUP_ROWS: usize = 65_536;

/// The Arrow schema of each Parquet dataset, in [`PARQUET_FILES`] order.
pub(crate) fn dataset_schemas() -> anyhow::Result<[SchemaRef; 3]> {
    Ok([
        arrow_schema_of(&schemars::schema_for!(RateRow), &RATE_COLUMNS)
            .context("the Parquet schema of rates")?,
        arrow_schema_of(&schemars::schema_for!(ArticleRow), &ARTICLE_COLUMNS)
            .context("the Parquet schema of articles")?,
        arrow_schema_of(&schemars::schema_for!(TreatyRow), &TREATY_COLUMNS)
            .context("the Parquet schema of treaties")?,
    ])
}

/// The Arrow schema of `columns`, each typed as the row's JSON Schema types its field.
fn arrow_schema_of(schema: &schemars::Schema, columns: &[&str]) -> anyhow::Result<SchemaRef> {
    let root = schema.as_value();
    let properties = root
        .get("properties")
        .and_then(Value::as_object)
        .context("the row's JSON Schema has no properties")?;
    let required: Vec<&str> = root
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let fields = columns
        .iter()
        .map(|&column| {
            let property = properties
                .get(column)
                .with_context(|| format!("column `{column}` is not a field of the row"))?;
            let (data_type, nullable) = arrow_type(root, property)
                .with_context(|| format!("column `{column}`: {property}"))?;
            Ok(Field::new(
                column,
                data_type,
                nullable || !required.contains(&column),
            ))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Arc::new(Schema::new(fields)))
}

/// The Arrow type of a JSON Schema, and whether it allows `null`.
fn arrow_type(root: &Value, schema: &Value) -> anyhow::Result<(DataType, bool)> {
    let mut types = Vec::new();
    json_types(root, schema, &mut types, 0)?;
    let nullable = types.iter().any(|(name, _)| *name == "null");
    types.retain(|(name, _)| *name != "null");
    types.dedup_by(|a, b| a.0 == b.0);
    let data_type = match types.as_slice() {
        [("string", _)] => DataType::Utf8,
        [("integer", _)] => DataType::Int64,
        [("number", _)] | [("integer", _), ("number", _)] | [("number", _), ("integer", _)] => {
            DataType::Float64
        }
        [("boolean", _)] => DataType::Boolean,
        [("array", Some(items))] => {
            let (item, _) = arrow_type(root, items)?;
            DataType::List(Arc::new(Field::new("item", item, false)))
        }
        other => bail!(
            "no single Parquet type for JSON types {:?}",
            other.iter().map(|(name, _)| *name).collect::<Vec<_>>()
        ),
    };
    Ok((data_type, nullable))
}

/// Collects the JSON types a schema allows (with an array's item schema), following `$ref`,
/// `anyOf`, `oneOf` and `allOf`, and reading `enum` and `const` values.
fn json_types<'a>(
    root: &'a Value,
    schema: &'a Value,
    types: &mut Vec<(&'static str, Option<&'a Value>)>,
    depth: usize,
) -> anyhow::Result<()> {
    if depth > 16 {
        bail!("the JSON Schema nests too deep");
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let target = reference
            .strip_prefix('#')
            .and_then(|pointer| root.pointer(pointer))
            .with_context(|| format!("unresolved reference {reference}"))?;
        json_types(root, target, types, depth + 1)?;
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        for part in schema
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            json_types(root, part, types, depth + 1)?;
        }
    }
    let named = |name: &str| -> anyhow::Result<&'static str> {
        Ok(match name {
            "string" => "string",
            "integer" => "integer",
            "number" => "number",
            "boolean" => "boolean",
            "array" => "array",
            "null" => "null",
            other => bail!("JSON type `{other}` has no column type"),
        })
    };
    match schema.get("type") {
        Some(Value::String(name)) => types.push((named(name)?, schema.get("items"))),
        Some(Value::Array(names)) => {
            for name in names.iter().filter_map(Value::as_str) {
                types.push((named(name)?, schema.get("items")));
            }
        }
        _ => {}
    }
    let values = schema
        .get("enum")
        .and_then(Value::as_array)
        .map(|values| values.iter().collect::<Vec<_>>())
        .or_else(|| schema.get("const").map(|value| vec![value]))
        .unwrap_or_default();
    for value in values {
        types.push((
            match value {
                Value::Null => "null",
                Value::String(_) => "string",
                Value::Bool(_) => "boolean",
                Value::Number(number) if number.is_f64() => "number",
                Value::Number(_) => "integer",
                Value::Array(_) | Value::Object(_) => bail!("an enum of arrays or objects"),
            },
            None,
        ));
    }
    types.sort_by_key(|(name, _)| *name);
    Ok(())
}

/// One Parquet dataset being written: JSON lines in, batches of rows out.
struct ParquetSink {
    destination: PathBuf,
    decoder: Decoder,
    writer: ArrowWriter<AtomicFile>,
}

impl ParquetSink {
    fn create(destination: PathBuf, schema: SchemaRef) -> anyhow::Result<ParquetSink> {
        let file = AtomicFile::create(&destination)?;
        let properties = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .set_key_value_metadata(Some(vec![KeyValue::new(
                "treaty.schema_version".to_string(),
                SCHEMA_VERSION.to_string(),
            )]))
            .build();
        let writer = ArrowWriter::try_new(file, schema.clone(), Some(properties))
            .with_context(|| format!("cannot write {}", destination.display()))?;
        let decoder = arrow_json::ReaderBuilder::new(schema)
            .with_batch_size(BATCH_ROWS)
            .build_decoder()
            .with_context(|| format!("cannot write {}", destination.display()))?;
        Ok(ParquetSink {
            destination,
            decoder,
            writer,
        })
    }

    /// Takes whole JSON lines (a document's lines of the JSONL dataset).
    fn append(&mut self, mut lines: &[u8]) -> anyhow::Result<()> {
        while !lines.is_empty() {
            let read = self.decoder.decode(lines).with_context(|| self.cannot())?;
            lines = &lines[read..];
            if self.decoder.len() >= BATCH_ROWS && !self.decoder.has_partial_record() {
                self.flush()?;
            } else if read == 0 {
                bail!("{}: the JSON decoder stopped", self.cannot());
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> anyhow::Result<()> {
        if let Some(batch) = self.decoder.flush().with_context(|| self.cannot())? {
            self.writer.write(&batch).with_context(|| self.cannot())?;
        }
        Ok(())
    }

    fn cannot(&self) -> String {
        format!("cannot write {}", self.destination.display())
    }

    /// Writes the last rows and the footer; the file then waits under its temporary name.
    fn finish(mut self) -> anyhow::Result<AtomicFile> {
        self.flush()?;
        let cannot = self.cannot();
        self.writer.into_inner().context(cannot)
    }
}

/// The Parquet datasets of a run, written as its rows arrive.
pub(super) struct ParquetFiles {
    sinks: Vec<ParquetSink>,
}

impl ParquetFiles {
    /// Starts each of [`PARQUET_FILES`] in `out` under a temporary name.
    pub(super) fn create(out: &Path) -> anyhow::Result<ParquetFiles> {
        let sinks = PARQUET_FILES
            .iter()
            .zip(dataset_schemas()?)
            .map(|(name, schema)| ParquetSink::create(out.join(name), schema))
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(ParquetFiles { sinks })
    }

    /// Appends a document's JSON lines of rates, articles and treaties.
    pub(super) fn append(&mut self, lines: [&[u8]; 3]) -> anyhow::Result<()> {
        for (sink, lines) in self.sinks.iter_mut().zip(lines) {
            sink.append(lines)?;
        }
        Ok(())
    }

    /// Finishes every file; each waits under its temporary name for the run's commit.
    pub(super) fn finish(self) -> anyhow::Result<Vec<AtomicFile>> {
        self.sinks.into_iter().map(ParquetSink::finish).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_gets_the_type_of_its_json_field() {
        let [rates, articles, treaties] = dataset_schemas().unwrap();
        let field = |schema: &SchemaRef, name: &str| schema.field_with_name(name).unwrap().clone();
        assert_eq!(rates.fields().len(), RATE_COLUMNS.len());
        assert_eq!(articles.fields().len(), ARTICLE_COLUMNS.len());
        assert_eq!(treaties.fields().len(), TREATY_COLUMNS.len());
        // A plain decimal is a number in the JSON (a double holds its 15 digits), so here too.
        assert_eq!(field(&rates, "value").data_type(), &DataType::Float64);
        assert_eq!(
            field(&treaties, "dividends_substantial_rate").data_type(),
            &DataType::Float64
        );
        assert!(field(&treaties, "dividends_substantial_rate").is_nullable());
        assert_eq!(field(&rates, "kind").data_type(), &DataType::Utf8);
        assert_eq!(field(&rates, "start").data_type(), &DataType::Int64);
        assert!(!field(&rates, "start").is_nullable());
        assert_eq!(field(&rates, "confidence").data_type(), &DataType::Float64);
        assert_eq!(field(&rates, "page").data_type(), &DataType::Int64);
        assert!(field(&rates, "page").is_nullable());
        assert!(matches!(
            field(&rates, "modifies").data_type(),
            DataType::List(item) if item.data_type() == &DataType::Utf8
        ));
        assert_eq!(field(&articles, "inferred").data_type(), &DataType::Boolean);
        assert_eq!(field(&articles, "paragraphs").data_type(), &DataType::Int64);
    }

    #[test]
    fn a_column_the_schema_cannot_type_is_refused() {
        let schema: schemars::Schema = serde_json::from_value(serde_json::json!({
            "properties": {
                "a": {"type": ["string", "integer"]},
                "b": {"type": "object"},
                "c": {"$ref": "#/$defs/missing"}
            }
        }))
        .unwrap();
        for column in ["a", "b", "c", "d"] {
            assert!(arrow_schema_of(&schema, &[column]).is_err(), "{column}");
        }
    }

    #[test]
    fn the_bytes_depend_on_the_rows_not_on_how_they_arrive() {
        let line = |n: usize| {
            format!(
                "{{\"doc\":\"d\",\"treaty\":1,\"lang\":\"en\",\"article\":\"{n}\",\"title\":\"T\",\
                 \"topic\":\"dividends\",\"inferred\":false,\"paragraphs\":2,\"start\":{n},\
                 \"end\":{},\"printed\":\"{n}\"}}\n",
                n + 1
            )
        };
        let all: String = (0..10_000).map(line).collect();
        let write = |pieces: &[&[u8]]| {
            let dir = tempfile::tempdir().unwrap();
            let [_, schema, _] = dataset_schemas().unwrap();
            let mut sink = ParquetSink::create(dir.path().join("a.parquet"), schema).unwrap();
            for piece in pieces {
                sink.append(piece).unwrap();
            }
            sink.finish().unwrap().commit().unwrap();
            std::fs::read(dir.path().join("a.parquet")).unwrap()
        };
        let whole = write(&[all.as_bytes()]);
        let cut = all.len() / 3;
        let cut = cut + all[cut..].find('\n').unwrap() + 1;
        assert_eq!(
            whole,
            write(&[&all.as_bytes()[..cut], &all.as_bytes()[cut..]])
        );
        assert_eq!(&whole[..4], b"PAR1");
    }
}
