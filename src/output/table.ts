/** A bordered table for a terminal. cli-table3 loads only when one is drawn. */
export async function renderTable(head: string[] | undefined, rows: string[][], color: boolean): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: head ?? [],
    style: { head: [], border: color ? ['grey'] : [], compact: true },
  });
  table.push(...rows);
  return table.toString();
}
