import { Field, NativeSelect } from "~/components/kit/field";
import type { LeadStatus } from "~/server/database";
import type { BoardColumn } from "../leads";

/**
 * Under 768 px the board shows one column at a time (five stacked columns made a page tens of
 * thousands of pixels long); this picks which, with each column's count. From 768 px every
 * column shows and this is not there.
 */
export function BoardColumnSwitcher({
  columns,
  current,
  onChange,
}: {
  columns: BoardColumn[];
  current: LeadStatus;
  onChange: (column: LeadStatus) => void;
}) {
  return (
    <Field id="board-column" label="Column" className="mb-4 md:hidden">
      {(control) => (
        <NativeSelect
          value={current}
          onChange={(event) => {
            const column = columns.find((each) => each.leadStatus === event.target.value);
            if (column) onChange(column.leadStatus);
          }}
          {...control}
        >
          {columns.map((column) => (
            <option key={column.leadStatus} value={column.leadStatus}>
              {`${column.title} (${column.count.toLocaleString("en-AU")})`}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
