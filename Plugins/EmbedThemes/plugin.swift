import Foundation
import PackagePlugin

/// Compiles `Themes/*.theme` into the target it is applied to (TerminalKit): one generated source
/// file holding every theme's text, so `Themes/` stays the one source and an installed binary
/// needs no resource bundle beside it.
@main struct EmbedThemes: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Themes")
    let themes = try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "theme" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedThemes.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(themes.count) themes from Themes/",
        executable: try context.tool(named: "ThemeEmbedder").url,
        arguments: [output.path] + themes.map(\.path),
        inputFiles: themes,
        outputFiles: [output])
    ]
  }
}
