//! Every library module and the judge crate, bundled, use only syntax rustc 1.56 accepts.

#[test]
fn the_whole_library_bundles_for_old_compilers() {
    let root = tools::workspace::default_root();
    let spoj = tools::judges::by_name("spoj").unwrap();
    let source = "use grundy::*;\nfn main() { judge::main(|sc: &mut judge::Scanner, _: &mut Vec<u8>| sc.finish()) }\n";
    // Whole modules: shaking would leave only what this `main` reaches.
    let bundle = tools::bundle::bundle_source_with(
        &root,
        "all",
        source,
        spoj,
        tools::bundle::Shaking::WholeModules,
    )
    .unwrap();
    assert!(bundle.modules.len() > 5, "{:?}", bundle.modules);
    let findings = tools::msrv::check(&bundle.text, "bundle of all").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn the_single_file_starter_uses_old_syntax_only() {
    let root = tools::workspace::default_root();
    let text = std::fs::read_to_string(root.join("templates/main.rs")).unwrap();
    let findings = tools::msrv::check(&text, "templates/main.rs").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}
