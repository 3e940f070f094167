use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
enum Tools {
    Read(String),
}

fn main() {}
