import type { DocumentType, QuestionGroup } from '../../contract';

/** One answer as the bundle carries it: the kiosk needs `isCorrect` to give feedback offline. */
export interface BundleAnswer {
  id: number;
  text: string;
  isCorrect: boolean;
}

export interface BundleQuestion {
  id: number;
  text: string;
}

export interface BundleLocation {
  id: number;
  name: string;
  companyId: number;
}

/** The reply of GET /api/play/{groupId}/bundle (api-contract.md, "Player flow"). */
export interface PlayBundle {
  version: string;
  group: QuestionGroup;
  questions: BundleQuestion[];
  answers: Record<string, BundleAnswer[]>;
  documentTypes: DocumentType[];
  locations: BundleLocation[];
}
