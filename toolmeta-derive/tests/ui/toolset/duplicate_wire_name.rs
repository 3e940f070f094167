// Two tools of a static toolset answer to the same wire name: the build stops and names it.
use toolmeta::{Identity, Namespace, StaticToolset, ToolEntry, ToolKind};

const READ_FILE: Identity = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild);
const BASH: Identity = Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild);
const VIEW: Identity = Identity::new("view", ToolKind::Read, Namespace::GrokBuild);

const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::new(READ_FILE, &[]),
    ToolEntry::new(BASH, &[]),
    ToolEntry::new(VIEW, &[]).renamed("read_file"),
]);

fn main() {
    let _ = TOOLS;
}
