// A harness that re-exports toolmeta from its own crate: the derive's paths go through
// `crate = "..."`, never through `::toolmeta`.
mod harness {
    pub mod prelude {
        pub use toolmeta as tm;
        pub use toolmeta::ToolIdentity;
    }
}

use harness::prelude::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(crate = "harness::prelude::tm", name = "web_fetch", namespace = "grok_build", kind = "web_fetch")]
struct WebFetch {
    #[tool(project)]
    url: String,
}

#[derive(ToolIdentity)]
#[tool(crate = "crate::harness::prelude::tm")]
enum Tools {
    Fetch(WebFetch),
}

fn main() {
    use harness::prelude::tm::ToolDispatch;
    let fetch = Tools::Fetch(WebFetch { url: "https://example.com".into() });
    assert_eq!(fetch.identity().unwrap().label, "Web Fetch");
}
