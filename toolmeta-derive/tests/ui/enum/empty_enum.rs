use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
enum Tools {}

fn main() {}
