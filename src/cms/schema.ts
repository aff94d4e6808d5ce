/**
 * What the editor edits: every file of src/content, field by field, with the rules of the zod schemas
 * in src/content/schemas (tests/unit/cms/schema-agreement.test.ts proves that they agree). Labels are
 * what a person understands; descriptions are the schemas' comments.
 *
 * Storage is chosen by the build (CMS_MODE, src/cms/config.ts), so this module holds no setting.
 */
import { collection, fields, singleton } from '@keystatic/core';
import { caseStudyCategoryOrder } from '../lib/case-studies/categories.ts';
import { STUDY_COUNT_TOKEN } from '../lib/case-studies/study-count.ts';
import {
  ANALYTICS_OFF_MARKER,
  ANALYTICS_ON_MARKER,
  ANALYTICS_SERVICE_TOKEN,
  END_IF_MARKER,
} from '../lib/legal/analytics-notice.ts';
import { CONTACT_EMAIL_TOKEN } from '../lib/legal/contact-links.ts';
import {
  alt,
  array,
  artwork,
  cta,
  figures,
  hero,
  icon,
  list,
  markdownBody,
  optionalText,
  order,
  paragraph,
  relationship,
  seo,
  text,
  titleAndAddress,
  titledFields,
  titledList,
} from './fields.ts';

/**
 * The address field of an entry with a page of its own: where the page is, and what a change does
 * (nothing sends visitors on from an old address). `refusedWhile` says when the save refuses one.
 */
const webAddress = (prefix: string, refusedWhile?: string) => ({
  label: 'Web address',
  description:
    `The end of the page's web address, after ${prefix}; made from the title when the entry is added. ` +
    'Changing it later moves the page, and the old address then shows "Page not found" to anyone who follows a link to it' +
    (refusedWhile ? `. It cannot change while ${refusedWhile}.` : '.'),
});

/** A required date; a new entry starts with today's. */
const dateField = (label: string, description: string) =>
  fields.date({ label, description, defaultValue: { kind: 'today' }, validation: { isRequired: true } });

/** What the legal texts' plain-text tokens do (src/lib/legal), as the editor explains them. */
const LEGAL_TOKENS_NOTE =
  `Write ${CONTACT_EMAIL_TOKEN} where the contact address goes: the page shows it as a link. ` +
  `Text between ${ANALYTICS_ON_MARKER} and ${END_IF_MARKER} shows only while the site counts visits ` +
  `(${ANALYTICS_SERVICE_TOKEN} names the service), text between ${ANALYTICS_OFF_MARKER} and ${END_IF_MARKER} only while it does not.`;

export const collections = {
  programs: collection({
    label: 'Programs',
    path: 'src/content/programs/*',
    format: { data: 'json' },
    slugField: 'title',
    columns: ['title', 'order'],
    schema: {
      order: order(),
      audience: text('Menu label', { description: 'Label in the Programs menu, e.g. "Small Business Owners".' }),
      sizeBand: text('Company size', { description: 'Employee-size band, e.g. "10-100 employees".' }),
      card: fields.object(
        {
          id: fields.select({
            label: 'Card style',
            options: [
              { label: 'Small business', value: 'small-business' },
              { label: 'Middle market', value: 'middle-market' },
              { label: 'Corporate', value: 'corporate' },
            ],
            defaultValue: 'small-business',
          }),
          subtitle: text('Subtitle'),
          tagline: text('Tagline'),
          description: paragraph('Description'),
          highlights: list('Highlights', 'Highlight', { min: 3, max: 3 }),
        },
        { label: 'Home page card' },
      ),
      title: titleAndAddress(
        'Program name',
        "The program's name, on its card, its page and its offer's page.",
        webAddress('/program/', 'an offer names this program'),
      ),
      tagline: paragraph('Page headline', { description: 'The line under the program name at the top of its page.' }),
      image: artwork('programs'),
      imageAlt: alt(),
      pain: fields.object(
        { title: text('Title'), points: list('Pain points', 'Pain point', { min: 3 }) },
        { label: 'The problem' },
      ),
      value: fields.object(
        {
          title: text('Title'),
          description: paragraph('Description'),
          outcomes: list('Outcomes', 'Outcome', { min: 3 }),
        },
        { label: 'The value' },
      ),
      clarity: fields.object(
        {
          isTitle: text('"Is for" title'),
          isFor: list('Is for', 'Who it is for', { min: 3 }),
          isNotTitle: text('"Is not for" title'),
          isNotFor: list('Is not for', 'Who it is not for', { min: 3 }),
        },
        { label: 'Who it is for' },
      ),
      cta: fields.object(
        { headline: text('Headline'), subtext: paragraph('Line under the headline'), note: text('Note') },
        { label: 'Closing call to action' },
      ),
      offer: relationship('Offer', 'offers'),
      seo: seo(),
    },
  }),

  offers: collection({
    label: 'Offers',
    path: 'src/content/offers/*',
    format: { data: 'json' },
    slugField: 'name',
    columns: ['name'],
    schema: {
      name: titleAndAddress('Offer name', undefined, webAddress('/offer/', 'a program names this offer')),
      program: relationship('Program', 'programs'),
      durationWeeks: fields.integer({
        label: 'Length in weeks',
        description: '8 or 12.',
        validation: { isRequired: true, min: 8, max: 12 },
      }),
      tagline: paragraph('Tagline'),
      summary: paragraph('Summary'),
      image: artwork('offers'),
      imageAlt: alt(),
      claims: figures('Headline figures', { min: 2, max: 4 }),
      phases: array(
        fields.object(
          {
            weeks: fields.text({
              label: 'Weeks',
              description: 'e.g. "Weeks 1-2".',
              validation: {
                isRequired: true,
                pattern: { regex: /^Weeks \d+-\d+$/, message: 'must read like "Weeks 1-2"' },
              },
            }),
            title: text('Title'),
            description: paragraph('Description'),
            activities: list('Activities', 'Activity', { min: 3 }),
          },
          { label: 'Phase' },
        ),
        {
          label: 'Phases',
          itemLabel: (props) => props.fields.title.value || 'Phase',
          validation: { length: { min: 3, max: 3 } },
        },
      ),
      achievements: fields.object(
        { title: text('Title'), items: list('Achievements', 'Achievement', { min: 4 }) },
        { label: 'What you will have at the end' },
      ),
      whyItWorks: fields.object(
        { title: text('Title'), points: titledList('Reasons', 'Reason', { min: 3 }) },
        { label: 'Why it works' },
      ),
      guarantee: fields.object(
        {
          days: fields.integer({
            label: 'Days',
            description: '30, 60 or 90.',
            validation: { isRequired: true, min: 30, max: 90 },
          }),
          title: text('Title'),
          description: paragraph('Description'),
        },
        { label: 'Guarantee' },
      ),
      testimonial: fields.object(
        {
          quote: paragraph('Quote'),
          attribution: text('Attribution', {
            description:
              'By role and kind of organization ("Operations director, 60-person logistics firm"), never a name: use real quotes only with the client\'s permission.',
          }),
        },
        { label: 'Testimonial' },
      ),
      cta: cta(),
      seo: seo(),
    },
  }),

  solutions: collection({
    label: 'Solutions',
    path: 'src/content/solutions/*',
    format: { data: 'json' },
    slugField: 'title',
    columns: ['title', 'order'],
    schema: {
      order: order(),
      icon: icon(),
      title: titleAndAddress('Title', undefined, {
        label: 'File name',
        description: 'Names the file; visitors do not see it.',
      }),
      headline: text('Headline'),
      description: paragraph('Description'),
      additionalInfo: paragraph('More detail'),
      idealFor: paragraph('Ideal for'),
      image: artwork('solutions'),
      imageAlt: alt(),
      comingSoon: fields.checkbox({ label: 'Coming soon', description: 'Shows the solution as not yet available.' }),
      link: fields.text({
        label: 'Link',
        description:
          'A page of the site with more detail, e.g. "/cie": an address the site has no page at stops the publish. Leave empty for none.',
        validation: { pattern: { regex: /^(\/.*)?$/, message: 'must start with /' } },
      }),
    },
  }),

  cieComponents: collection({
    label: 'CIE components',
    path: 'src/content/cie-components/*',
    format: { data: 'json' },
    slugField: 'title',
    columns: ['title', 'order'],
    schema: {
      order: order(),
      title: titleAndAddress('Title', undefined, {
        label: 'File name',
        description: 'Names the file; visitors do not see it.',
      }),
      purpose: paragraph('Purpose'),
      withIt: list('With it', 'Line', { min: 2 }),
      withoutIt: list('Without it', 'Line', { min: 2 }),
      quote: optionalText(
        'Quote',
        'A real, well-known quote, with its public author below (the firm never quotes itself). Give a quote or a principle, not both.',
      ),
      quoteAttribution: optionalText('Quote author', 'The public author of the quote above.'),
      principle: optionalText('Principle', "Or the firm's own line, shown as its principle, unsigned."),
      icon: icon(),
    },
  }),

  caseStudies: collection({
    label: 'Case studies',
    path: 'src/content/case-studies/*',
    format: { contentField: 'body' },
    slugField: 'title',
    columns: ['title', 'category', 'order'],
    entryLayout: 'content',
    schema: {
      title: titleAndAddress('Title', undefined, webAddress('/case-study/')),
      description: text('Card summary', {
        max: 240,
        multiline: true,
        description: 'One or two sentences for the Results card.',
      }),
      category: fields.select({
        label: 'Category',
        options: caseStudyCategoryOrder.map((category) => ({ label: category, value: category })),
        defaultValue: caseStudyCategoryOrder[0],
      }),
      image: artwork('case-studies'),
      imageAlt: text('Image description (alt text)', { multiline: true, description: 'What the artwork shows.' }),
      client: text('Client', {
        description: 'Generic client descriptor, never a company name: "A global healthcare company".',
      }),
      industry: text('Industry'),
      duration: optionalText('Duration', 'e.g. "4 months". Leave empty to leave it out.'),
      result: text('Result', {
        max: 140,
        multiline: true,
        description:
          'The one concrete result, in a sentence: it leads the "At a glance" band and sits on the Results card. Only figures the study itself reports; otherwise the result in words.',
      }),
      highlights: figures('Highlights', { max: 4 }),
      published: dateField('Published', 'When the study was first published on the site.'),
      updated: dateField('Last revised', 'When the study was last revised: not earlier than Published.'),
      order: order(),
      seo: seo(),
      body: markdownBody('Story', 'Challenge, Approach, Deliverables and Impact, each under its own heading.'),
    },
  }),

  legal: collection({
    label: 'Legal pages',
    path: 'src/content/legal/*',
    format: { contentField: 'body' },
    slugField: 'title',
    columns: ['title'],
    // The form's layout, not the wide 'content' one: that shows the text without its label and
    // description, and the description is what explains the %…% markers in these texts.
    schema: {
      title: titleAndAddress('Title', undefined, {
        label: 'Web address',
        description:
          "The page's web address, after /. It stays as it is: every page's footer and the waiting-list form link to the page there, so a save that changes it is refused.",
      }),
      seo: seo(),
      body: markdownBody('Text', LEGAL_TOKENS_NOTE),
    },
  }),
};

/** The Results page writes the number of published case studies where its copy says `{count}`. */
const STUDY_COUNT_NOTE = `Write ${STUDY_COUNT_TOKEN} where the number of case studies goes: the page puts in how many are published, in words ("Eighteen engagements…").`;

/** One singleton per page's copy, in src/content/pages. */
const page = (label: string, schema: Parameters<typeof singleton>[0]['schema']) =>
  singleton({ label, path: `src/content/pages/${label.toLowerCase()}`, format: { data: 'json' }, schema });

export const singletons = {
  site: singleton({
    label: 'Site identity',
    path: 'src/content/site',
    format: { data: 'json' },
    schema: {
      companyName: text('Company name', { description: 'Full company name, shown on wide screens and in titles.' }),
      shortName: text('Short name', { description: 'Shown in the header on small screens.' }),
      tagline: paragraph('Tagline', {
        description: "One-line description used for the organization's search data and the footer blurb's lead.",
      }),
    },
  }),
  home: page('Home', {
    seo: seo(),
    hero: fields.object(
      {
        eyebrow: text('Eyebrow'),
        headline: text('Headline'),
        question: text('Question'),
        pitch: paragraph('Pitch'),
        imageAlt: alt(),
      },
      { label: 'Hero' },
    ),
    statement: fields.object(
      {
        eyebrow: text('Eyebrow'),
        title: text('Title'),
        paragraphs: list('Paragraphs', 'Paragraph', { min: 2 }),
        imageAlt: alt(),
      },
      { label: 'Why now' },
    ),
    approach: fields.object(
      {
        eyebrow: text('Eyebrow'),
        title: text('Title'),
        intro: paragraph('Introduction'),
        pillars: array(fields.object({ ...titledFields(), icon: icon() }, { label: 'Pillar' }), {
          label: 'Pillars',
          itemLabel: (props) => props.fields.title.value || 'Pillar',
          validation: { length: { min: 4, max: 4 } },
        }),
        principle: paragraph('Principle', {
          description: "The firm's own line, shown as its principle (not as a quotation signed by itself).",
        }),
      },
      { label: 'Our approach' },
    ),
    paths: fields.object(
      { eyebrow: text('Eyebrow'), title: text('Title'), intro: paragraph('Introduction') },
      { label: 'Programs' },
    ),
    trust: fields.object(
      {
        title: text('Title'),
        intro: paragraph('Introduction'),
        clients: array(
          fields.object(
            {
              name: text('Client', { description: 'As the case studies describe them, never by name.' }),
              sector: text('Sector'),
            },
            { label: 'Client' },
          ),
          {
            label: 'Clients',
            itemLabel: (props) => props.fields.name.value || 'Client',
            validation: { length: { min: 6, max: 6 } },
          },
        ),
      },
      { label: 'Clients' },
    ),
    closing: fields.object(
      {
        headline: text('Headline'),
        subtext: paragraph('Line under the headline'),
        notes: list('Notes', 'Note', { min: 2, max: 2 }),
      },
      { label: 'Closing call to action' },
    ),
  }),
  about: page('About', {
    seo: seo(),
    hero: hero(),
    mission: fields.object(
      { title: text('Title'), statement: paragraph('Statement'), paragraphs: list('Paragraphs', 'Paragraph') },
      { label: 'Mission' },
    ),
    expertise: fields.object(
      { title: text('Title'), areas: titledList('Areas', 'Area', { min: 6, max: 6 }) },
      { label: 'Expertise' },
    ),
    roles: fields.object(
      {
        title: text('Title'),
        intro: paragraph('Introduction'),
        items: array(fields.object({ ...titledFields(), subtitle: text('Subtitle') }, { label: 'Role' }), {
          label: 'Roles',
          itemLabel: (props) => props.fields.title.value || 'Role',
          validation: { length: { min: 3, max: 3 } },
        }),
      },
      { label: 'Roles' },
    ),
    approach: fields.object(
      {
        title: text('Title'),
        intro: paragraph('Introduction'),
        areas: titledList('Areas', 'Area', { min: 6, max: 6 }),
      },
      { label: 'Approach' },
    ),
    quests: fields.object(
      { title: text('Title'), items: titledList('Quests', 'Quest', { min: 4, max: 4 }) },
      { label: 'Quests' },
    ),
    reasons: fields.object(
      { title: text('Title'), items: titledList('Reasons', 'Reason', { min: 4, max: 4 }) },
      { label: 'Reasons' },
    ),
    cta: cta(),
  }),
  cie: page('CIE', {
    seo: seo(),
    hero: hero(),
    componentsIntro: fields.object(
      { title: text('Title'), intro: paragraph('Introduction') },
      { label: 'Components introduction' },
    ),
    comparison: fields.object(
      {
        title: text('Title'),
        oldWayTitle: text('Old way heading'),
        newWayTitle: text('New way heading'),
        rows: array(fields.object({ oldWay: paragraph('Old way'), newWay: paragraph('New way') }, { label: 'Row' }), {
          label: 'Rows',
          itemLabel: (props) => props.fields.oldWay.value || 'Row',
          validation: { length: { min: 4 } },
        }),
      },
      { label: 'Comparison' },
    ),
    hub: fields.object(
      {
        badge: text('Badge'),
        title: text('Title'),
        description: paragraph('Description'),
        features: list('Features', 'Feature', { min: 3 }),
      },
      { label: 'Ecosystem hub' },
    ),
    cta: cta(),
  }),
  // Not `solutions`: that is the collection's key, and Keystatic opens the collection for a key both use.
  solutionsPage: page('Solutions', { seo: seo(), hero: hero(), cta: cta() }),
  results: page('Results', {
    seo: seo(STUDY_COUNT_NOTE),
    hero: hero(STUDY_COUNT_NOTE),
    cta: cta('Closing call to action (closes the Results page)'),
    caseStudyCta: cta('Case study call to action (closes every case study: "Facing something similar?")'),
  }),
  pov: page('POV', { seo: seo(), hero: hero() }),
};
