import Testing
@testable import SegueCompiler

/// The scripts pages carry: the templates' comments and indentation stay in the templates.
struct PageTemplatesTests {
    @Test func aShippedScriptKeepsItsCodeAndDropsWhatOnlyCommentsIt() {
        let template = """
        // The player.
        (function () {
          "use strict";
          /// Plays.
          var url = "http://example.com/a"; // kept: code before it

          return url;
        })();
        """
        #expect(PageTemplates.shipped(script: template) == """
        (function () {
        "use strict";
        var url = "http://example.com/a"; // kept: code before it
        return url;
        })();

        """)
    }

    /// The player every page carries: none of its template's comment lines or indentation.
    @Test func thePlayerIsShippedWithoutItsComments() throws {
        let script = try PageTemplates.render("player.js", [:])
        #expect(!script.split(separator: "\n").contains { $0.hasPrefix("//") || $0.hasPrefix(" ") })
        #expect(script.contains("Player.prototype.fit = function ()"))
    }
}
