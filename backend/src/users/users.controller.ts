import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow, CurrentUser, Public } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import {
  LoginDto,
  RegisterUserDto,
  ResetPasswordDto,
  UpdateUserDto,
  UserListQueryDto,
  type LoginView,
  type UserView,
} from './dto/user.dto';
import { UsersService } from './users.service';

type UserList = { users: UserView[]; total_count: number };

/** Staff routes of spec 7 (Users). */
@ApiTags('Users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('login')
  @HttpCode(200)
  @Public({ rateLimited: true })
  @ApiOperation({ summary: 'Sign in; data = {_id, token, role, first_name}. 401 bad credentials, 429 after 5 failures in 15 min.' })
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
  @ApiOperation({ summary: 'The signed-in user.' })
  async me(@CurrentUser() user: AuthUser): Promise<Envelope<UserView>> {
    return ok('User fetched successfully', await this.users.get(user.id));
  }

  @Get()
  @Allow('staff.read')
  @ApiOperation({ summary: 'Active staff, paged; data = {users, total_count}; `search` over names, phone, email.' })
  async list(@Query() q: UserListQueryDto): Promise<Envelope<UserList>> {
    return ok('Users fetched successfully', await this.users.list(q, false));
  }

  @Get('removed/all')
  @Allow('staff.manage')
  @ApiOperation({ summary: 'Removed staff, paged; data = {users, total_count}.' })
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
  @ApiOperation({ summary: 'Set a new password (strength rule of spec 5).' })
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<Envelope<UserView>> {
    return ok('Password Reset Successfully', await this.users.resetPassword(dto.user_id, dto.password));
  }
}
