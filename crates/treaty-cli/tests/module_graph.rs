//! No import cycle among the files of this crate (issue 24, point 7).

#[path = "../../treaty-segment/tests/support/module_graph.rs"]
mod module_graph;

#[test]
fn files_import_each_other_one_way() {
    module_graph::assert_acyclic(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
}

#[test]
fn the_cycle_finder_names_a_planted_cycle() {
    module_graph::self_test();
}
