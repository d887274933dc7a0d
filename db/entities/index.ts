import { AccountLinkEntity } from './account-link.entity';
import { ActivityEntryEntity } from './activity-entry.entity';
import { AnswerEntity } from './answer.entity';
import { CampaignQuestionGroupEntity } from './campaign-question-group.entity';
import { CampaignEntity } from './campaign.entity';
import { CampaignStandingEntity } from './campaign-standing.entity';
import { CompanyEntity } from './company.entity';
import { ConsentTextEntity } from './consent-text.entity';
import { DeviceEntity } from './device.entity';
import { DocumentTypeEntity } from './document-type.entity';
import { DrawScreenSettingEntity } from './draw-screen-setting.entity';
import { KioskSetupLinkEntity } from './kiosk-setup-link.entity';
import { LocationEntity } from './location.entity';
import { LogoUploadEntity } from './logo-upload.entity';
import { PictureUploadEntity } from './picture-upload.entity';
import { PictureEntity } from './picture.entity';
import { PlayerAliasEntity } from './player-alias.entity';
import { PlayerAttemptEntity } from './player-attempt.entity';
import { PlayerErasureEntity } from './player-erasure.entity';
import { PlayerMergeEntity } from './player-merge.entity';
import { PlayerNameChangeEntity } from './player-name-change.entity';
import { PollVoteEntity } from './poll-vote.entity';
import { PlayerEntity } from './player.entity';
import { PrizeDrawEntryEntity } from './prize-draw-entry.entity';
import { PrizeDrawEntity } from './prize-draw.entity';
import { QuestionGroupEntity } from './question-group.entity';
import { QuestionEntity } from './question.entity';
import { QuestionTextRevisionEntity } from './question-text-revision.entity';
import { RankingDisqualificationEntity } from './ranking-disqualification.entity';
import { RateLimitEntity } from './rate-limit.entity';
import { SessionEntity } from './session.entity';
import { SyncMutationEntity } from './sync-mutation.entity';
import { TriviaStandingEntity } from './trivia-standing.entity';
import { UserEntity } from './user.entity';
import { UserCompanyRoleEntity } from './user-company-role.entity';
import { UserSecondFactorEntity } from './user-second-factor.entity';

export {
  AccountLinkEntity,
  ActivityEntryEntity,
  AnswerEntity,
  CampaignEntity,
  CampaignQuestionGroupEntity,
  CampaignStandingEntity,
  CompanyEntity,
  ConsentTextEntity,
  DeviceEntity,
  DocumentTypeEntity,
  DrawScreenSettingEntity,
  KioskSetupLinkEntity,
  LocationEntity,
  LogoUploadEntity,
  PictureEntity,
  PictureUploadEntity,
  PlayerAliasEntity,
  PlayerAttemptEntity,
  PlayerEntity,
  PlayerErasureEntity,
  PlayerMergeEntity,
  PlayerNameChangeEntity,
  PollVoteEntity,
  PrizeDrawEntity,
  PrizeDrawEntryEntity,
  QuestionEntity,
  QuestionGroupEntity,
  QuestionTextRevisionEntity,
  RankingDisqualificationEntity,
  RateLimitEntity,
  SessionEntity,
  SyncMutationEntity,
  TriviaStandingEntity,
  UserCompanyRoleEntity,
  UserEntity,
  UserSecondFactorEntity,
};

export const entities = [
  UserEntity,
  UserCompanyRoleEntity,
  UserSecondFactorEntity,
  AccountLinkEntity,
  SessionEntity,
  ActivityEntryEntity,
  RateLimitEntity,
  CompanyEntity,
  LocationEntity,
  DocumentTypeEntity,
  PlayerEntity,
  PlayerAliasEntity,
  QuestionGroupEntity,
  QuestionEntity,
  QuestionTextRevisionEntity,
  AnswerEntity,
  DeviceEntity,
  SyncMutationEntity,
  PlayerAttemptEntity,
  PollVoteEntity,
  CampaignEntity,
  CampaignQuestionGroupEntity,
  LogoUploadEntity,
  PlayerNameChangeEntity,
  ConsentTextEntity,
  PlayerErasureEntity,
  PlayerMergeEntity,
  KioskSetupLinkEntity,
  TriviaStandingEntity,
  CampaignStandingEntity,
  RankingDisqualificationEntity,
  PrizeDrawEntity,
  PrizeDrawEntryEntity,
  DrawScreenSettingEntity,
  PictureEntity,
  PictureUploadEntity,
];
