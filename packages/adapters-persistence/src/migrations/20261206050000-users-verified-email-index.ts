import { Migration } from '@mikro-orm/migrations';

/** An index of the live users' verified addresses: a purchase's grant looks its buyer up by it without reading every user. */
export class Migration20261206050000_users_verified_email_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "users_verified_email_index" on "users" (lower("email")) where "email_verified" and "deleted_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "users_verified_email_index";`);
  }
}
