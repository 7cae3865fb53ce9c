import { MembershipSchema } from './membership.entity.js';
import { OrganizationSchema } from './organization.entity.js';
import { UserSchema } from './user.entity.js';

/** Every entity schema the ORM must know about. */
export const allEntities = [UserSchema, OrganizationSchema, MembershipSchema];
