// Try it's styles, added to the page with the bundle (never part of a first load). Colours meet WCAG AA on their
// backgrounds; the dialog takes the whole window below 700 px.
export const TRY_IT_CSS = `
.try-it { box-sizing: border-box; width: min(1180px, 100vw); max-width: 100vw; max-height: 100dvh; margin: auto; padding: 0;
  border: 1px solid #d1d9e0; border-radius: 8px; background: #fff; color: #1f2328; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
.try-it::backdrop { background: rgba(20, 33, 61, 0.55); }
.try-it * { box-sizing: border-box; }
.try-it-inner { padding: 16px 20px 24px; }
.try-it-head { position: sticky; top: 0; z-index: 1; display: flex; gap: 12px; align-items: center; justify-content: space-between;
  margin: -16px -20px 0; padding: 12px 20px 8px; background: #fff; border-bottom: 1px solid #d1d9e0; }
.try-it-columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 28px; }
.try-it h2 { margin: 0; font-size: 20px; line-height: 1.3; overflow-wrap: normal; word-break: normal; }
.try-it h3 { margin: 20px 0 6px; font-size: 16px; }
.try-it h4 { margin: 12px 0 4px; font-size: 14px; }
.try-it p { margin: 6px 0; }
.try-it code, .try-it pre, .try-it textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
.try-it pre { margin: 4px 0; padding: 8px 12px; max-width: 100%; overflow: auto; max-height: 320px; background: #f6f8fa; border: 1px solid #d1d9e0; border-radius: 6px; white-space: pre; }
.try-it a { color: #2350c8; }
.try-it-operation { color: #59636e; overflow-wrap: anywhere; }
.try-it-why { padding: 8px 12px; border-left: 4px solid #2350c8; background: #f1f5ff; }
.try-it fieldset { margin: 12px 0 0; padding: 8px 12px; border: 1px solid #d1d9e0; border-radius: 6px; }
.try-it legend { padding: 0 4px; font-weight: 600; }
.try-it fieldset label { display: flex; gap: 8px; align-items: baseline; min-height: 28px; padding: 2px 0; }
.try-it-hint { color: #59636e; font-size: 13px; }
.try-it-field { display: block; margin: 12px 0 4px; font-weight: 600; }
.try-it select, .try-it input[type="number"], .try-it textarea { width: 100%; min-height: 32px; padding: 4px 8px; border: 1px solid #6e7781; border-radius: 6px; background: #fff; color: #1f2328; font-size: 14px; }
.try-it input[type="number"] { width: 8em; }
.try-it textarea { resize: vertical; }
.try-it button { min-height: 32px; padding: 6px 14px; border: 1px solid #2350c8; border-radius: 6px; background: #fff; color: #2350c8; font-family: inherit; font-size: 14px; font-weight: 600; line-height: 1.2; cursor: pointer; }
.try-it button.try-it-send { background: #2350c8; color: #fff; }
.try-it :focus-visible { outline: 2px solid #2350c8; outline-offset: 2px; }
.try-it-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 16px; }
.try-it-error { padding: 6px 12px; border-left: 4px solid #b3261e; background: #fdecea; color: #8c1d18; }
.try-it-answer { margin-top: 16px; padding-top: 4px; border-top: 1px solid #d1d9e0; }
.try-it-label { color: #59636e; font-size: 13px; }
.try-it-result { font-size: 17px; font-weight: 700; }
.try-it-result .try-it-label { display: block; font-weight: 400; }
.try-it-notes { padding: 6px 12px; border: 1px solid #d4a72c; border-left-width: 4px; border-radius: 6px; background: #fff8e5; color: #3b2e00; overflow-wrap: anywhere; }
.try-it-copy-status { min-height: 1.5em; color: #11703f; }
.try-it[hidden] { display: none; }
@media (min-width: 1000px) {
  .try-it-columns { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); }
  .try-it-answer { margin-top: 0; border-top: none; }
}
@media (max-width: 700px) {
  .try-it { width: 100vw; height: 100dvh; max-height: 100dvh; border-radius: 0; border: none; }
  .try-it-inner { padding: 12px 12px 24px; }
  .try-it-head { margin: -12px -12px 0; padding: 8px 12px; }
}
@media (min-width: 701px) { .try-it { max-height: calc(100dvh - 32px); } }
`;
