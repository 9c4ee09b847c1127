/**
 * A made-up list in the UN Security Council's consolidated.xml layout for tests. Every name,
 * place and reference is invented.
 */
export const unIndividual = (dataId: number, first: string, second: string, extra = '') => `
    <INDIVIDUAL>
      <DATAID>${dataId}</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>${first}</FIRST_NAME>
      <SECOND_NAME>${second}</SECOND_NAME>
      <THIRD_NAME/>
      <UN_LIST_TYPE>FICTIONIA</UN_LIST_TYPE>
      <REFERENCE_NUMBER>FCi.0${dataId % 100}</REFERENCE_NUMBER>
      <LISTED_ON>2020-02-02</LISTED_ON>${extra}
    </INDIVIDUAL>`;

export function unListXml(moreIndividuals: string[] = []) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" dateGenerated="2026-11-01T00:00:00Z">
  <INDIVIDUALS>${unIndividual(
    7001,
    'QUILLON',
    'VARDAMERE',
    `
      <COMMENTS1><![CDATA[Invented for tests & nothing else.]]></COMMENTS1>
      <NATIONALITY><VALUE>Freedonia</VALUE><VALUE>Ruritania</VALUE></NATIONALITY>
      <LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Ostrander Pelleworth</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Quill</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ADDRESS><CITY>Fredonia City</CITY><COUNTRY>Freedonia</COUNTRY></INDIVIDUAL_ADDRESS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1958-04-09</DATE></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1960</FROM_YEAR><TO_YEAR>1962</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>X000</NUMBER></INDIVIDUAL_DOCUMENT>`,
  )}${unIndividual(
    7002,
    'MARISOL',
    'TREVANION',
    `
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>1975</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_ADDRESS/>`,
  )}${moreIndividuals.join('')}
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY>
      <DATAID>7101</DATAID>
      <FIRST_NAME>GRANITE LANTERN SHIPPING</FIRST_NAME>
      <UN_LIST_TYPE>FICTIONIA</UN_LIST_TYPE>
      <REFERENCE_NUMBER>FCe.001</REFERENCE_NUMBER>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>Lantern of Granite Freight</ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ADDRESS><STREET>1 Nowhere Quay</STREET><COUNTRY>Ruritania</COUNTRY></ENTITY_ADDRESS>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
`;
}
