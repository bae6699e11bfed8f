import { formatMoney, type SearchSuggestionsResponse } from "@store/shared";
import { useEffect, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { browserCurrency } from "../../lib/currency";

const LIST_ID = "search-suggestions";
/** Wait this long after the last key before asking: one request per pause, not per letter. */
const DEBOUNCE_MS = 200;
/** One letter suggests everything; two say something. */
const MIN_LETTERS = 2;

interface Suggestion {
  key: string;
  path: string;
  label: string;
  detail: string;
}

const optionId = (index: number) => `${LIST_ID}-${index}`;

function suggestionsOf(answer: SearchSuggestionsResponse): Suggestion[] {
  return [
    ...answer.categories.map((c) => ({ key: `c${c.path}`, path: c.path, label: c.name, detail: "Category" })),
    ...answer.products.map((p) => ({
      key: `p${p.id}`,
      path: `/product/${p.id}`,
      label: p.name,
      detail: formatMoney(p.offer_price, p.currency),
    })),
  ];
}

/**
 * Suggestions under the overlay's search box while the shopper types (issue 40, point 5), loaded only when
 * the overlay opens (search-overlay.tsx). The box becomes a combobox (WAI-ARIA's list autocomplete pattern):
 * arrows move through the list, Enter opens the one chosen (with none chosen the form submits as before),
 * Escape closes the list and a second Escape the overlay. The box is the overlay's own, so what was typed
 * before this code arrived stays; this code only listens to it and sets its ARIA state.
 */
export default function SearchSuggestions({
  input,
  onChosen,
}: {
  input: RefObject<HTMLInputElement | null>;
  onChosen: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [found, setFound] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);

  // Debounced, and a late answer to older text never replaces a newer one.
  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_LETTERS) {
      setFound([]);
      return;
    }
    const request = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<SearchSuggestionsResponse>(
          "/api/search/suggestions",
          { query, currency: browserCurrency() },
          { signal: request.signal, auth: false },
        )
        .then((answer) => {
          setFound(suggestionsOf(answer));
          setActive(-1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          // Suggestions are a help: without them the box still searches.
          if (!request.signal.aborted) console.error("Search suggestions failed", error);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [text]);

  const shown = open && found.length > 0;
  const choose = (suggestion: Suggestion) => {
    onChosen();
    void navigate(suggestion.path);
  };

  // The box's combobox state, kept on the overlay's own input.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute("role", "combobox");
    box.setAttribute("aria-autocomplete", "list");
    box.setAttribute("aria-controls", LIST_ID);
    box.setAttribute("aria-expanded", String(shown));
    if (shown && active >= 0) box.setAttribute("aria-activedescendant", optionId(active));
    else box.removeAttribute("aria-activedescendant");
  }, [input, shown, active]);

  // What was typed before this code arrived.
  useEffect(() => setText(input.current?.value ?? ""), [input]);

  // Re-subscribed on each render, so the handlers see the list as shown.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onInput = () => {
      setText(box.value);
      setOpen(true);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (found.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        // -1 is the box itself: the arrows go round the options and back to what was typed.
        const span = found.length + 1;
        setActive((at) => (shown ? ((at + 1 + step + span) % span) - 1 : step > 0 ? 0 : found.length - 1));
      } else if (event.key === "Escape" && shown) {
        // The list closes first; the dialog's own Escape (cancel) waits for the next press.
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (event.key === "Enter" && shown && active >= 0 && found[active]) {
        event.preventDefault();
        choose(found[active]);
      }
    };
    box.addEventListener("input", onInput);
    box.addEventListener("keydown", onKey);
    return () => {
      box.removeEventListener("input", onInput);
      box.removeEventListener("keydown", onKey);
    };
  });

  return (
    <ul
      id={LIST_ID}
      role="listbox"
      aria-label="Suggestions"
      hidden={!shown}
      className="mt-4 max-h-[50vh] overflow-y-auto border-t border-linen pt-2"
    >
      {found.map((suggestion, index) => (
        <li
          key={suggestion.key}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // Keep the focus in the box: the click chooses, the box stays the combobox.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(suggestion)}
          className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-lg px-3 py-2.5 ${index === active ? "bg-indigo-ink text-white" : "hover:bg-cream"}`}
        >
          <span className="min-w-0 truncate">{suggestion.label}</span>
          <span className="shrink-0 text-sm opacity-80">{suggestion.detail}</span>
        </li>
      ))}
    </ul>
  );
}
