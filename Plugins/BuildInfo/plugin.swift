import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the git commit the binary is built from) before every build, for
/// `stagemon --version`. Outside a git checkout — a tarball made by `git archive`, whose
/// `.commit` file git fills in (`export-subst` in `.gitattributes`) — the commit comes from that
/// file, and a build from anything else says "unknown" instead of failing.
@main struct BuildInfo: BuildToolPlugin {
  static let script = #"""
    root=$1 out=$2 scratch=$3
    commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null) || commit=
    if [ -n "$commit" ]; then
      git -C "$root" diff --quiet HEAD -- 2>/dev/null || commit="$commit, modified"
    else
      commit=$(sed -n 's/^\([0-9a-f]\{12\}\).*/\1/p' "$root/.commit" 2>/dev/null | head -n 1)
    fi
    [ -n "$commit" ] || commit=unknown
    printf '%s\n' '// Generated before every build by the BuildInfo plugin.' 'enum BuildInfo {' \
      '  /// The git commit built (", modified" with uncommitted changes), or "unknown".' \
      "  static let commit = \"$commit\"" '}' >"$scratch"
    if cmp -s "$scratch" "$out"; then rm -f "$scratch"; else mv "$scratch" "$out"; fi
    """#

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.pluginWorkDirectoryURL.appending(path: "Generated")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return [
      .prebuildCommand(
        displayName: "Reading the git commit for stagemon --version",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", Self.script, "sh", context.package.directoryURL.path,
          folder.appending(path: "BuildInfo.swift").path,
          context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift.new").path,
        ],
        outputFilesDirectory: folder)
    ]
  }
}
