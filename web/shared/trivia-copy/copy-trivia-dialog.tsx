import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { QuestionGroup, TriviaCopyInput } from '../../../contract';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectInput } from '../../components/ui/form-controls';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useCompanies } from '../companies/api/get-companies';

const copyTrivia = ({ groupId, input }: { groupId: number; input: TriviaCopyInput }) => api.post<QuestionGroup>(`/api/question-groups/${groupId}/copy`, input);

/**
 * "Duplicar": a copy of the trivia (questions, answers, settings, theme and logo; no players or
 * results) in its company or another; then the copy's questions open.
 */
export function CopyTriviaDialog({ group, onClose }: { group: QuestionGroup; onClose: () => void }) {
  const companies = useCompanies();
  const [companyId, setCompanyId] = useState(group.companyId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const copy = useMutation({
    mutationFn: copyTrivia,
    meta: { errorTitle: 'Error al duplicar la trivia' },
    onSuccess: async (created) => {
      toast({ title: 'Trivia duplicada', description: created.name, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['question-groups'] });
      onClose();
      void navigate(`/packages/${created.id}/questions`);
    },
  });

  return (
    <FormDialog
      holdWhilePending
      onClose={onClose}
      title={`Duplicar «${group.name}»`}
      description="La copia lleva las preguntas, respuestas, configuración, tema y logo. No lleva jugadores, resultados ni kioscos."
      formId="copy-trivia-form"
      onSubmit={(event) => {
        event.preventDefault();
        copy.mutate({ groupId: group.id, input: { companyId } });
      }}
      formClassName=""
      submitLabel="Duplicar"
      submitIcon={<Copy className="size-4" aria-hidden />}
      pending={copy.isPending}
    >
      <SelectInput label="Empresa de la copia" value={companyId} onChange={(event) => setCompanyId(Number(event.target.value))} disabled={companies.isPending}>
        {(companies.data ?? [{ id: group.companyId, name: group.company.name }]).map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </SelectInput>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Se llamará «{group.name} (copia)».</p>
    </FormDialog>
  );
}
