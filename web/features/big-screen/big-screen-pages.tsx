import { useParams } from 'react-router-dom';
import { parseTriviaId } from '../../shared/ranking/trivia-id';
import { BigScreen, InvalidScreen } from './big-screen';

/** /pantalla/trivia/:id — public, outside the admin shell. */
export function TriviaScreenPage() {
  const id = parseTriviaId(useParams().id);
  return id === null ? <InvalidScreen /> : <BigScreen key={id} kind="trivia" id={id} />;
}

/** /pantalla/campana/:id — public, outside the admin shell. */
export function CampaignScreenPage() {
  const id = parseTriviaId(useParams().id);
  return id === null ? <InvalidScreen /> : <BigScreen key={id} kind="campaign" id={id} />;
}
