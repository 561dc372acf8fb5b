/**
 * Verein, "Preise und Zahlung", the part "Lastschrift (SEPA)" (docs/architecture/money.md, "SEPA
 * direct debit"): the club as creditor — the payee's name, the club account's IBAN, its BIC if the
 * bank wants one, and the Gläubiger-ID. Saved on its own with the club's other settings unchanged;
 * checked by the schema and the check digits before it is sent. "Keine Lastschrift" ends it.
 */
import { sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import { sepaCreditorSchema, type SepaCreditor } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { useState } from 'react';
import './sepa.css';
import { fetchSepaCreditor, saveSepaCreditor } from './sepa-api';

export function ClubSepa({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const creditor = useResource(fetchSepaCreditor, club._id);
  if (creditor.loading) {
    return (
      <p className="admin-status" role="status">
        {sepaTexts.loading}
      </p>
    );
  }
  if (creditor.failed) return <FailureNotice message={creditor.error} onRetry={creditor.retry} />;
  return (
    <section className="club-sepa" aria-labelledby="club-sepa-title">
      <h4 id="club-sepa-title" className="club-sepa__title">
        {sepaTexts.heading}
      </h4>
      <p className="field__hint">{sepaTexts.creditorIntro}</p>
      <SepaForm
        club={club}
        creditor={creditor.data}
        onSaved={onSaved}
        // Ended: read again, so the form starts empty.
        onEnded={() => {
          creditor.load();
          onSaved();
        }}
      />
    </section>
  );
}

function SepaForm(props: {
  club: Club;
  creditor: SepaCreditor | null;
  onSaved: () => void;
  onEnded: () => void;
}) {
  const { club, creditor, onSaved, onEnded } = props;
  // Whether the club collects now: the form stays (with its "übernommen.") after a save.
  const [collecting, setCollecting] = useState(creditor !== null);
  const form = useSchemaForm({
    schemaName: 'sepaCreditor',
    schema: sepaCreditorSchema,
    initialValues: {
      creditor_name: creditor?.creditor_name ?? club.name,
      creditor_iban: creditor?.creditor_iban ?? '',
      creditor_bic: creditor?.creditor_bic ?? '',
      creditor_id: creditor?.creditor_id ?? '',
    },
    submit: (payload) => saveSepaCreditor(club, payload as unknown as SepaCreditor),
    onSuccess: () => {
      setCollecting(true);
      onSaved();
    },
  });
  return (
    <>
      <SchemaForm form={form} submitLabel={sepaTexts.saveCreditor} savedText={sepaTexts.creditorSaved}>
        <TextField field={form.field('creditor_name')} label={sepaTexts.creditorName} autoComplete="off" />
        <TextField field={form.field('creditor_iban')} label={sepaTexts.creditorIban} autoComplete="off" />
        <TextField field={form.field('creditor_bic')} label={sepaTexts.creditorBic} autoComplete="off" />
        <TextField field={form.field('creditor_id')} label={sepaTexts.creditorId} autoComplete="off" />
      </SchemaForm>
      {collecting && <SepaOff club={club} onEnded={onEnded} />}
    </>
  );
}

/** Ends direct debit for the club: its settings then say `sepa: null`. */
function SepaOff({ club, onEnded }: { club: Club; onEnded: () => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const end = () => {
    setState({ busy: true, error: null });
    saveSepaCreditor(club, null).then(
      () => onEnded(),
      (error: unknown) =>
        setState({ busy: false, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="form__actions">
      <button type="button" className="button" disabled={state.busy} onClick={end}>
        {sepaTexts.off}
      </button>
      {state.error && (
        <p className="notice notice--error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
