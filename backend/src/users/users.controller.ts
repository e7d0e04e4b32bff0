import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Public } from '../common/auth/auth.decorators';
import { ApiExport, sendExport } from '../common/export/export-stream';
import type { AuthUser } from '../common/auth/auth-user';
import { COUNT_RULE } from '../common/http/capped-count';
import { ok, type Envelope, type ListCount } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import {
  ChangePasswordDto,
  LoginDto,
  PreferencesDto,
  RegisterUserDto,
  ResetPasswordDto,
  UpdateUserDto,
  UserListQueryDto,
  type LoginView,
  type UserView,
} from './dto/user.dto';
import { RetryAfterInterceptor } from './retry-later';
import { UsersService } from './users.service';
import { staffExportColumns, UserExportQueryDto } from './users.export';

type UserList = { users: UserView[] } & ListCount;

/** Staff routes of spec 7 (Users). */
@ApiTags('Users')
@Controller('users')
@UseInterceptors(RetryAfterInterceptor)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('login')
  @HttpCode(200)
  @Public({ rateLimited: true })
  @ApiOperation({
    summary:
      'Sign in; data = {_id, token, role, first_name}. 401 bad credentials; 429 (Retry-After) from the 6th attempt per email and address, ' +
      'or the 51st per address, within 15 min; 503 (Retry-After) while password checks are busy.',
  })
  @ApiServiceUnavailableResponse({ description: 'Password checks busy; retry after Retry-After seconds' })
  async login(@Body() dto: LoginDto, @Ip() ip: string): Promise<Envelope<LoginView>> {
    return ok('Login Successfully.', await this.users.login(dto.email, dto.password, ip));
  }

  @Post('register')
  @Allow('staff.manage')
  @ApiOperation({ summary: 'Register a staff member (spec 5 Staff rules). 409 duplicate email.' })
  @ApiConflictResponse({ description: 'Email already registered' })
  async register(@Body() dto: RegisterUserDto): Promise<Envelope<UserView>> {
    return ok('User Registered Successfully!', await this.users.register(dto));
  }

  @Get('getUser')
  @Allow('staff.read')
  @ApiOperation({ summary: 'The signed-in user, with their `calendar` (gregorian | ethiopian, issue 18).' })
  async me(@CurrentUser() user: AuthUser): Promise<Envelope<UserView>> {
    return ok('User fetched successfully', await this.users.get(user.id));
  }

  @Get()
  @Allow('staff.read')
  @ApiOperation({ summary: `Active staff, paged; data = {users, total_count, total_capped}: ${COUNT_RULE}; \`search\` over names, phone, email.` })
  async list(@Query() q: UserListQueryDto): Promise<Envelope<UserList>> {
    return ok('Users fetched successfully', await this.users.list(q, false));
  }

  @Get('export')
  @Allow('staff.read')
  @ApiExport('Active staff as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /users; file staff_YYYY-MM-DD.')
  async export(@CurrentUser() user: AuthUser, @Query() q: UserExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'staff', q.format, staffExportColumns(user.role), this.users.pages(q));
  }

  @Get('removed/all')
  @Allow('staff.manage')
  @ApiOperation({ summary: 'Removed staff, paged; data = {users, total_count, total_capped} as in GET /users.' })
  async removed(@Query() q: UserListQueryDto): Promise<Envelope<UserList>> {
    return ok('Removed users fetched successfully', await this.users.list(q, true));
  }

  @Patch('updateuser/:id')
  @Allow('staff.manage')
  @ApiOperation({ summary: "Update staff detail. 403 \"Can't update for yourself\"." })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async update(
    @CurrentUser() actor: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateUserDto,
  ): Promise<Envelope<UserView>> {
    return ok('User Updated Successfully', await this.users.update(actor, id, dto));
  }

  @Delete('remove/:id')
  @Allow('staff.manage')
  @ApiOperation({ summary: 'Soft-remove a staff member; their tokens stop working.' })
  async remove(@CurrentUser() actor: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<Envelope<UserView>> {
    return ok('Staff member Deleted Successfully', await this.users.setRemoved(actor, id, true));
  }

  @Put('activate/:id')
  @Allow('staff.manage')
  @ApiOperation({ summary: 'Restore a removed staff member.' })
  async activate(@CurrentUser() actor: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<Envelope<UserView>> {
    return ok('Staff member Undo Successfully.', await this.users.setRemoved(actor, id, false));
  }

  @Put('resetpassword')
  @Allow('staff.manage')
  @ApiOperation({ summary: "Set another user's password (strength rule of spec 5); their tokens end. 403 for one's own id." })
  async resetPassword(@CurrentUser() actor: AuthUser, @Body() dto: ResetPasswordDto): Promise<Envelope<UserView>> {
    return ok('Password Reset Successfully', await this.users.resetPassword(actor, dto.user_id, dto.password));
  }

  @Put('me/preferences')
  @Allow('account.self')
  @ApiOperation({
    summary:
      "Set one's own preferences: body {calendar?: 'gregorian' | 'ethiopian', language?: 'en' | 'am'}, how dates are shown in the UI, PDFs and exports " +
      '(the API keeps ISO dates) and the UI language applied at sign-in; a field left out keeps its value. data = the user as GET /users/getUser. 400 naming the field, or calendar when neither is sent.',
  })
  @ApiBadRequestResponse({ description: 'calendar is not gregorian or ethiopian, language is not en or am, or neither is sent' })
  async setPreferences(@CurrentUser() actor: AuthUser, @Body() dto: PreferencesDto): Promise<Envelope<UserView>> {
    return ok('Preferences Saved Successfully', await this.users.setPreferences(actor, dto));
  }

  @Put('me/password')
  @Allow('account.self')
  @ApiOperation({
    summary:
      'Change one\'s own password; data = a fresh session like login (store its token: every older token of the user answers 401). ' +
      '400 naming current_password (wrong) or new_password (weak); counted like a sign-in (429).',
  })
  @ApiBadRequestResponse({ description: 'Wrong current password or weak new password (errors name the field)' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords' })
  async changePassword(@CurrentUser() actor: AuthUser, @Body() dto: ChangePasswordDto, @Ip() ip: string): Promise<Envelope<LoginView>> {
    return ok('Password Changed Successfully', await this.users.changeOwnPassword(actor, dto, ip));
  }
}
