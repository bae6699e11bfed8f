import { AccountPanel } from "../components/account/account-panel";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({ title: "Your account", description: "Your details and orders.", path: "/account" }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Account() {
  return <AccountPanel />;
}
