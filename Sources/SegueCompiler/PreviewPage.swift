import Foundation
import Segue

/// The page `segue preview` serves: the shared player (`player.js`, `player.css`) and the
/// preview's own script and styles from `templates/preview.*.mustache`. It holds no figure: its
/// script fetches the figure (`/transition.html`), the SVGs and the key numbers from the preview
/// server, swaps them in when the server announces a new build, and shows problems over the page.
public enum PreviewPage {
    /// The page for a transition titled `title` (a preset's name or the transition file's name).
    public static func render(title: String) throws(ExportError) -> Data {
        let text = try PageTemplates.render("preview.html", ["title": title, "version": SegueVersion.current])
        return Data(text.utf8)
    }
}
