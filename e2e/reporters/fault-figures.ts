import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import type { PageFigures } from "../fixtures/fault-ring";

/**
 * Sums the fault-injection ring's figures (one attachment per page, from parallel workers) and prints
 * them after the run: pages, page x call pairs, loads with a failing call, whole-page errors seen.
 */
export default class FaultFigures implements Reporter {
  private readonly pages: PageFigures[] = [];

  onTestEnd(_test: TestCase, result: TestResult) {
    for (const attachment of result.attachments) {
      if (attachment.name === "fault-figures" && attachment.body)
        this.pages.push(JSON.parse(attachment.body.toString()) as PageFigures);
    }
  }

  onEnd() {
    if (this.pages.length === 0) return;
    const pairs = this.pages.reduce((sum, page) => sum + page.calls.length, 0);
    const loads = this.pages.reduce((sum, page) => sum + page.loadsWithAFault, 0);
    const errors = this.pages.reduce((sum, page) => sum + page.wholePageErrors, 0);
    console.log(
      `\nFault injection: ${this.pages.length} pages, ${pairs} page x call pairs, ${loads} loads with a failing call, ${errors} whole-page errors (target 0)`,
    );
    for (const page of [...this.pages].sort((a, b) => a.page.localeCompare(b.page))) {
      console.log(
        `  ${page.page}: ${page.calls.length ? page.calls.join(", ") : "no API call"}${page.wholePageErrors ? ` (${page.wholePageErrors} whole-page errors)` : ""}`,
      );
    }
  }
}
