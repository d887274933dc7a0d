import { InitialSchema1795307008484 } from './1795307008484-initial-schema';
import { SeedDocumentTypes1795307100000 } from './1795307100000-seed-document-types';
import { TriviaRankingBestAttemptIndex1795309439915 } from './1795309439915-trivia-ranking-best-attempt-index';
import { CampaignRankingIndex1795330000000 } from './1795330000000-campaign-ranking-index';
import { AttemptReviewState1795400000000 } from './1795400000000-attempt-review-state';
import { CampaignLinkOrderUnique1795400100000 } from './1795400100000-campaign-link-order-unique';
import { PlayerNameChanges1795480581229 } from './1795480581229-player-name-changes';
import { LogoUploads1795481544420 } from './1795481544420-logo-uploads';
import { PublicNameStyle1795500000000 } from './1795500000000-public-name-style';
import { ConsentAndErasure1795560000000 } from './1795560000000-consent-and-erasure';
import { KioskSetup1795600000000 } from './1795600000000-kiosk-setup';
import { RankingStandings1795700000000 } from './1795700000000-ranking-standings';
import { RankingDisqualifications1795810000000 } from './1795810000000-ranking-disqualifications';
import { PrizeDraws1795820000000 } from './1795820000000-prize-draws';
import { CampaignDisqualifications1795830000000 } from './1795830000000-campaign-disqualifications';
import { BundleVersionFromContent1795900000000 } from './1795900000000-bundle-version-from-content';
import { BundleGeneration1795950000000 } from './1795950000000-bundle-generation';
import { StandingPageFigures1796000000000 } from './1796000000000-standing-page-figures';
import { DrawSeedFromServer1796100000000 } from './1796100000000-draw-seed-from-server';
import { DocumentIdentity1796150000000 } from './1796150000000-document-identity';
import { PlayerMerges1796150001000 } from './1796150001000-player-merges';
import { RecordedRounds1796200000000 } from './1796200000000-recorded-rounds';
import { KioskIndex1796250000000 } from './1796250000000-kiosk-index';
import { DrawEntries1796400000000 } from './1796400000000-draw-entries';
import { RejectionDocumentKey1796500000000 } from './1796500000000-rejection-document-key';
import { CampaignEntrySite1796510000000 } from './1796510000000-campaign-entry-site';
import { CompanyTimeZone1796520000000 } from './1796520000000-company-time-zone';
import { QuestionTextRevisions1796600000000 } from './1796600000000-question-text-revisions';
import { AnalysisLogs1796700000000 } from './1796700000000-analysis-logs';
import { Pictures1796800000000 } from './1796800000000-pictures';
import { FairPlayLimits1796900000000 } from './1796900000000-fair-play-limits';
import { DrawEntriesHash1796950000000 } from './1796950000000-draw-entries-hash';
import { KioskDataLost1796970000000 } from './1796970000000-kiosk-data-lost';
import { Accounts1797000000000 } from './1797000000000-accounts';
import { SessionActivity1797100000000 } from './1797100000000-session-activity';
import { CompanyRoles1797200000000 } from './1797200000000-company-roles';
import { Activity1797300000000 } from './1797300000000-activity';
import { SecondFactor1797400000000 } from './1797400000000-second-factor';
import { AddressPlayers1797500000000 } from './1797500000000-address-players';
import { DayStandings1797510000000 } from './1797510000000-day-standings';
import { PlaceCounts1797520000000 } from './1797520000000-place-counts';
import { QuestionKinds1797600000000 } from './1797600000000-question-kinds';
import { QuestionClock1797700000000 } from './1797700000000-question-clock';
import { PointsScoring1797800000000 } from './1797800000000-points-scoring';
import { PlaceRecount1797900000000 } from './1797900000000-place-recount';
import { Polls1798000000000 } from './1798000000000-polls';
import { MultipleAnswers1798100000000 } from './1798100000000-multiple-answers';
import { AnalysisFoldLessOften1798200000000 } from './1798200000000-analysis-fold-less-often';
import { RateLimitsUnlogged1797910000000 } from './1797910000000-rate-limits-unlogged';

/** Every migration, in order. Listed explicitly so no glob can silently find nothing. */
export const migrations = [
  InitialSchema1795307008484,
  SeedDocumentTypes1795307100000,
  TriviaRankingBestAttemptIndex1795309439915,
  CampaignRankingIndex1795330000000,
  AttemptReviewState1795400000000,
  CampaignLinkOrderUnique1795400100000,
  PlayerNameChanges1795480581229,
  LogoUploads1795481544420,
  PublicNameStyle1795500000000,
  ConsentAndErasure1795560000000,
  KioskSetup1795600000000,
  RankingStandings1795700000000,
  RankingDisqualifications1795810000000,
  PrizeDraws1795820000000,
  CampaignDisqualifications1795830000000,
  BundleVersionFromContent1795900000000,
  BundleGeneration1795950000000,
  StandingPageFigures1796000000000,
  DrawSeedFromServer1796100000000,
  DocumentIdentity1796150000000,
  PlayerMerges1796150001000,
  RecordedRounds1796200000000,
  KioskIndex1796250000000,
  DrawEntries1796400000000,
  RejectionDocumentKey1796500000000,
  CampaignEntrySite1796510000000,
  CompanyTimeZone1796520000000,
  QuestionTextRevisions1796600000000,
  AnalysisLogs1796700000000,
  Pictures1796800000000,
  FairPlayLimits1796900000000,
  DrawEntriesHash1796950000000,
  KioskDataLost1796970000000,
  Accounts1797000000000,
  SessionActivity1797100000000,
  CompanyRoles1797200000000,
  Activity1797300000000,
  SecondFactor1797400000000,
  AddressPlayers1797500000000,
  DayStandings1797510000000,
  PlaceCounts1797520000000,
  QuestionKinds1797600000000,
  QuestionClock1797700000000,
  PointsScoring1797800000000,
  PlaceRecount1797900000000,
  RateLimitsUnlogged1797910000000,
  Polls1798000000000,
  MultipleAnswers1798100000000,
  AnalysisFoldLessOften1798200000000,
];
