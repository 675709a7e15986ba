/** The 23 widget-configuration fields of the spec for one bot (GET …/config, and written into widget.js?bot=). */
import type { WidgetConfig } from '../../protocol/schemas.ts';
import type { BotSettings } from '../config/config.ts';
import type { Context } from '../context.ts';

/** The bot's widget configuration as the config endpoint answers it (also written into widget.js?bot=). */
export async function widgetConfig(ctx: Pick<Context, 'config' | 'presence'>, bot: BotSettings): Promise<WidgetConfig> {
  const rc = bot.recaptcha ?? ctx.config.recaptcha;
  return {
    bot_id: bot.id,
    bot_name: bot.name,
    widget_settings: bot.widget_settings,
    suggested_questions: bot.suggested_questions,
    show_suggested_questions: bot.show_suggested_questions,
    suggested_questions_count: bot.suggested_questions_count,
    welcome_message: bot.welcome_message,
    warning_message: bot.warning_message,
    recaptcha_site_key: rc ? rc.site_key : null,
    include_links: bot.include_links_in_responses,
    language: bot.language,
    mcp_url: bot.mcp_url,
    handoff_enabled: bot.handoff.enabled,
    handoff_trigger: bot.handoff.trigger,
    handoff_offline_message: bot.handoff.offline_message,
    handoff_agent_label: bot.handoff.agent_label,
    handoff_available: bot.handoff.enabled && (await ctx.presence.available()),
    // Extension (issue 21): only when the site owner turned it on does the widget send what is typed.
    ...(bot.handoff.typing_preview ? { handoff_typing_preview: true } : {}),
    allow_user_images: bot.allow_user_images,
    contact_form_enabled: bot.contact_form.enabled,
    contact_form_trigger: bot.contact_form.trigger,
    contact_form_fields: bot.contact_form.enabled ? bot.contact_form.fields : null,
    contact_form_success_message: bot.contact_form.success_message,
    contact_form_button_display: bot.contact_form.button_display,
    // Extension (issue 15): shown above the launcher by the widget.
    proactive_messages: bot.proactive_messages,
  };
}

