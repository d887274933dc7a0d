import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { CompanyRole } from '../../contract';
import { CompanyEntity } from './company.entity';
import { UserEntity } from './user.entity';

/** A member's role over one company (docs/permissions.md); an owner needs none. */
@Entity('user_company_roles')
@Check('user_company_roles_role_known', `role IN ('organiser', 'staff', 'viewer')`)
export class UserCompanyRoleEntity {
  @PrimaryColumn('integer')
  userId: number;

  @Index('user_company_roles_company_idx')
  @PrimaryColumn('integer')
  companyId: number;

  @Column('varchar', { length: 20 })
  role: CompanyRole;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company: Relation<CompanyEntity>;
}
