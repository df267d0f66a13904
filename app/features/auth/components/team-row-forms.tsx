import { Form } from "react-router";
import { NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "../permissions";
import { SECONDARY_BUTTON } from "./button-tones";
import type { TeamMemberRow } from "./team-view";

/** A row's actions as plain forms, for the page before JavaScript loads. */
export function RowForms({ member }: { member: TeamMemberRow }) {
  const roleId = `role-${member.id}`;
  return (
    <div className="flex flex-col items-end gap-2">
      <Form method="post" className="flex items-end gap-2">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="staffId" value={member.id} />
        <label htmlFor={roleId} className="sr-only">
          Role of {member.name}
        </label>
        <NativeSelect id={roleId} name="role" defaultValue={member.role} className="mt-0! w-auto!">
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
        <button type="submit" className={buttonClasses("outline", `min-h-11 ${SECONDARY_BUTTON}`)}>
          Change role
        </button>
      </Form>
      {member.active && (
        <Form method="post">
          <input type="hidden" name="intent" value="send-reset" />
          <input type="hidden" name="staffId" value={member.id} />
          <button
            type="submit"
            className={buttonClasses("outline", `min-h-11 ${SECONDARY_BUTTON}`)}
          >
            Send {member.name} a password reset link
          </button>
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value={member.active ? "deactivate" : "reactivate"} />
        <input type="hidden" name="staffId" value={member.id} />
        <button type="submit" className={buttonClasses("outline", `min-h-11 ${SECONDARY_BUTTON}`)}>
          {member.active ? `Deactivate ${member.name}` : `Reactivate ${member.name}`}
        </button>
      </Form>
    </div>
  );
}
