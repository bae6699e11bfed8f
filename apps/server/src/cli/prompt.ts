import { MIN_PASSWORD_LENGTH } from "@store/shared";

/** Reads one line from the terminal without echoing it (raw mode), for passwords. */
export function readHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let text = "";
    const done = (finish: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      finish();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done(() => resolve(text));
        if (char === "\u0003" || char === "\u0004") return done(() => reject(new Error("cancelled")));
        if (char === "\u007f" || char === "\b") text = text.slice(0, -1);
        else if (char >= " ") text += char;
      }
    };
    stdin.on("data", onData);
  });
}

/** Asks twice until both entries match and the password is long enough. */
export async function promptPassword(question: string, repeat: string): Promise<string> {
  for (;;) {
    const first = await readHidden(question);
    if (first.length < MIN_PASSWORD_LENGTH) {
      console.log(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
      continue;
    }
    if ((await readHidden(repeat)) === first) return first;
    console.log("The passwords do not match; try again.");
  }
}
