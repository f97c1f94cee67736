import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import type { MessageId, MessageValues } from "~/models/locale/message-id";
import { message, useLocale } from "./locale-context";

/*
 * Private-use characters stand for the values while the message's tags are read, so a value
 * (a file name, say) that holds "<0>" is shown as written and never becomes markup.
 */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const TAG = /<(\d+)>|<\/(\d+)>|<(\d+)\/>/g;

/** The message's text with its <n>…</n> and <n/> tags made into the given elements. */
function withElements(
  text: string,
  components: Record<string, ReactElement>,
  restore: (part: string) => string,
): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: { tag: string; children: ReactNode[] }[] = [{ tag: "", children: root }];
  let at = 0;
  const place = (tag: string, children: ReactNode[] | undefined) => {
    const parent = stack[stack.length - 1]!.children;
    const element = components[tag];
    parent.push(
      element
        ? cloneElement(element, { key: parent.length }, ...(children ?? []))
        : (children ?? []),
    );
  };
  for (const match of text.matchAll(TAG)) {
    const parent = stack[stack.length - 1]!;
    if (match.index > at) parent.children.push(restore(text.slice(at, match.index)));
    at = match.index + match[0].length;
    const [, open, close, empty] = match;
    if (open !== undefined) stack.push({ tag: open, children: [] });
    else if (empty !== undefined) place(empty, undefined);
    else if (close !== undefined && stack.length > 1 && parent.tag === close) {
      stack.pop();
      place(close, parent.children);
    }
  }
  if (at < text.length) stack[stack.length - 1]!.children.push(restore(text.slice(at)));
  // A tag left open keeps its text, unwrapped.
  while (stack.length > 1) {
    const open = stack.pop()!;
    stack[stack.length - 1]!.children.push(...open.children);
  }
  return root;
}

/**
 * A message with markup: `<0>…</0>` in the message becomes `components[0]` around its text.
 * `<Msg id="auth.forgotHint" components={{ 0: <a href="…" /> }} />`
 */
export function Msg({
  id,
  values = {},
  components = {},
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  const state = useLocale();
  const kept: string[] = [];
  const stand = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== "string") return [name, value];
      kept.push(value);
      return [name, `${OPEN}${kept.length - 1}${CLOSE}`];
    }),
  );
  const restore = (part: string) =>
    part.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g"), (_, i: string) => kept[Number(i)] ?? "");
  const checked = Object.fromEntries(
    Object.entries(components).filter(([, element]) => isValidElement(element)),
  );
  return <>{withElements(message(state, id, stand), checked, restore)}</>;
}
