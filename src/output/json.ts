/** `--output json`: indent 4, non-ASCII kept, trailing newline (Python's json.dumps(indent=4, ensure_ascii=False)). */
export function formatJson(data: unknown): string {
  return `${JSON.stringify(data, null, 4)}\n`;
}
